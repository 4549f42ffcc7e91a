import { describe, expect, it } from 'vitest'
import { assignmentStatus } from './status.ts'

const now = new Date('2025-12-10T12:00:00Z')
const past = new Date('2025-12-03T12:00:00Z')
const future = new Date('2025-12-20T12:00:00Z')

describe('assignmentStatus', () => {
  it('is completed once completedAt is set, even past the due date', () => {
    expect(assignmentStatus({ completedAt: past, dueAt: past, percent: 100 }, now)).toBe('completed')
  })
  it('is overdue when the due date has passed and it is not completed', () => {
    expect(assignmentStatus({ completedAt: null, dueAt: past, percent: 40 }, now)).toBe('overdue')
    expect(assignmentStatus({ completedAt: null, dueAt: past, percent: 0 }, now)).toBe('overdue')
  })
  it('is not overdue at the due moment itself', () => {
    expect(assignmentStatus({ completedAt: null, dueAt: now, percent: 0 }, now)).toBe('not-started')
  })
  it('is in progress with some progress and no passed due date', () => {
    expect(assignmentStatus({ completedAt: null, dueAt: future, percent: 1 }, now)).toBe('in-progress')
    expect(assignmentStatus({ completedAt: null, dueAt: null, percent: 99 }, now)).toBe('in-progress')
  })
  it('is not started without progress', () => {
    expect(assignmentStatus({ completedAt: null, dueAt: null, percent: 0 }, now)).toBe('not-started')
  })
})
