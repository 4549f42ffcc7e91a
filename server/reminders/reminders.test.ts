import { and, eq } from 'drizzle-orm'
import type { NotificationList } from '../../contract/notifications.ts'
import { groupMembers, groupPackages, groups, reminderSends, userPackages, users } from '../db/schema.ts'
import { syncGroupAssignments } from '../assignments/sync.ts'
import { insertTree } from '../test/content.ts'
import { setupTestContext } from '../test/harness.ts'
import { runReminderTick } from './tick.ts'

const ctx = setupTestContext()
beforeEach(() => {
  ctx.now = START
})
const DAY = 86_400_000
const HOUR = 3_600_000
const START = new Date('2026-11-23T09:00:00Z')
/** Ten days after START: reminders at 7, 1 and −1 days fall on 26 Nov, 2 Dec and 4 Dec. */
const DUE = new Date(START.getTime() + 10 * DAY)

const at = (ms: number) => new Date(START.getTime() + ms)
const tick = async (when: Date) => {
  ctx.now = when
  return runReminderTick(ctx.deps, when)
}
/** Through the API, with a token signed at the test clock's time (the clock moves days ahead). */
const myNotifications = async (userId: number) => {
  const token = await ctx.deps.tokens.sign({ userId, role: 'USER' })
  return (await ctx.request<NotificationList>('GET', '/api/notifications', { token })).body.data!.items
}

async function seed(options: { dueAt?: Date | null; reminderDays?: number[]; assignedAt?: Date } = {}) {
  const learner = await ctx.createUser({ name: 'Lena Learner', email: `lena-${Math.random().toString(16).slice(2)}@example.com` })
  const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'Fire safety' })
  await ctx.deps.db.insert(userPackages).values({
    userId: learner.user.id,
    packageId: pkg.packageId,
    assignedAt: options.assignedAt ?? START,
    dueAt: options.dueAt === undefined ? DUE : options.dueAt,
    ...(options.reminderDays ? { reminderDays: options.reminderDays } : {}),
  })
  return { learner, packageId: pkg.packageId }
}

const sends = async (userId: number) =>
  (await ctx.deps.db.select().from(reminderSends).where(eq(reminderSends.userId, userId))).map((s) => s.offsetDays).sort((a, b) => b - a)

describe('reminders', () => {
  it('offsets 7, 1 and −1 give exactly three e-mails and three notifications as the clock passes each', async () => {
    const { learner, packageId } = await seed()

    expect(await tick(START)).toBe(0)
    expect(await tick(at(3 * DAY - HOUR))).toBe(0)
    expect(ctx.outbox).toHaveLength(0)

    expect(await tick(at(3 * DAY + HOUR))).toBe(1)
    expect(await tick(at(3 * DAY + 2 * HOUR))).toBe(0)
    expect(ctx.outbox).toHaveLength(1)
    expect(ctx.outbox[0]).toMatchObject({ to: learner.user.email, subject: "'Fire safety package' is due on 3 Dec 2026" })
    expect(ctx.outbox[0]!.text).toContain(
      "Hello Lena Learner,\n\n'Fire safety package' is due on 3 Dec 2026. You have 7 days left to complete it.",
    )
    expect(ctx.outbox[0]!.text).toContain(`http://learnpack.test/topics/${packageId}`)
    expect(ctx.outbox[0]!.text).toContain('http://learnpack.test/user/settings')

    expect(await tick(at(9 * DAY + HOUR))).toBe(1)
    expect(await tick(at(11 * DAY + HOUR))).toBe(1)
    expect(await tick(at(30 * DAY))).toBe(0)

    expect(ctx.outbox.map((m) => m.subject)).toEqual([
      "'Fire safety package' is due on 3 Dec 2026",
      "'Fire safety package' is due on 3 Dec 2026",
      "'Fire safety package' was due on 3 Dec 2026",
    ])
    expect(ctx.outbox[1]!.text).toContain('You have 1 day left to complete it.')
    expect(ctx.outbox[2]!.text).toContain('It is overdue: please complete it as soon as you can.')
    const notes = await myNotifications(learner.user.id)
    expect(notes.map((n) => [n.kind, n.title, n.body, n.link])).toEqual([
      [
        'overdue',
        "'Fire safety package' was due on 3 Dec 2026",
        'It is overdue: please complete it as soon as you can.',
        `/topics/${packageId}`,
      ],
      ['due-soon', "'Fire safety package' is due on 3 Dec 2026", 'You have 1 day left to complete it.', `/topics/${packageId}`],
      ['due-soon', "'Fire safety package' is due on 3 Dec 2026", 'You have 7 days left to complete it.', `/topics/${packageId}`],
    ])
    expect(await sends(learner.user.id)).toEqual([7, 1, -1])
  })

  it('sends nothing once the learner has completed the package', async () => {
    const { learner, packageId } = await seed()
    await tick(at(3 * DAY + HOUR))
    await ctx.deps.db
      .update(userPackages)
      .set({ completedAt: at(4 * DAY) })
      .where(and(eq(userPackages.userId, learner.user.id), eq(userPackages.packageId, packageId)))
    expect(await tick(at(9 * DAY + HOUR))).toBe(0)
    expect(await tick(at(12 * DAY))).toBe(0)
    expect(ctx.outbox).toHaveLength(1)
    expect(await myNotifications(learner.user.id)).toHaveLength(1)
  })

  it('sends each reminder once when several ticks run at once', async () => {
    const seeded = await Promise.all([seed(), seed(), seed()])
    ctx.now = at(9 * DAY + HOUR)
    const claimed = await Promise.all(Array.from({ length: 4 }, () => runReminderTick(ctx.deps, ctx.now)))
    expect(claimed.reduce((a, b) => a + b, 0)).toBe(3)
    expect(ctx.outbox).toHaveLength(3)
    for (const { learner } of seeded) {
      expect(await myNotifications(learner.user.id)).toHaveLength(1)
      expect(await sends(learner.user.id)).toEqual([1])
    }
  })

  it('an assignment made after several reminder moments gets only the latest of them, at the next tick', async () => {
    const { learner } = await seed({ assignedAt: new Date(DUE.getTime() - 12 * HOUR) })
    expect(await tick(new Date(DUE.getTime() - 11 * HOUR))).toBe(1)
    expect(await sends(learner.user.id)).toEqual([1])
    expect(ctx.outbox).toHaveLength(1)
    expect(ctx.outbox[0]!.text).toContain('You have 1 day left to complete it.')
    // Assigned long after its due date: the overdue reminder only.
    const late = await seed({ dueAt: new Date(START.getTime() - 5 * DAY) })
    expect(await tick(new Date(DUE.getTime() - 10 * HOUR))).toBe(1)
    expect(await sends(late.learner.user.id)).toEqual([-1])
    expect((await myNotifications(late.learner.user.id)).map((n) => n.kind)).toEqual(['overdue'])
  })

  it('with reminder e-mails turned off, the notification comes and the e-mail does not', async () => {
    const { learner } = await seed()
    const off = await ctx.request('PUT', '/api/user/profile', {
      token: learner.token,
      body: { name: 'Lena Learner', reminderEmails: false },
    })
    expect(off.status).toBe(200)
    expect(await tick(at(3 * DAY + HOUR))).toBe(1)
    expect(ctx.outbox).toHaveLength(0)
    expect((await myNotifications(learner.user.id)).map((n) => n.kind)).toEqual(['due-soon'])
    const [row] = await ctx.deps.db.select({ on: users.reminderEmails }).from(users).where(eq(users.id, learner.user.id))
    expect(row!.on).toBe(false)
  })

  it('sends nothing without a due date or with no reminder offsets, and follows the offsets a group gives', async () => {
    await seed({ dueAt: null })
    await seed({ reminderDays: [] })
    expect(await tick(at(30 * DAY))).toBe(0)

    const learner = await ctx.createUser()
    const pkg = await insertTree(ctx.deps.db, { skills: 1, topics: 0, subTopics: 0, label: 'Group' })
    const [group] = await ctx.deps.db.insert(groups).values({ name: 'Warehouse' }).returning()
    await ctx.deps.db.insert(groupMembers).values({ groupId: group!.id, userId: learner.user.id, addedAt: at(30 * DAY) })
    await ctx.deps.db
      .insert(groupPackages)
      .values({ groupId: group!.id, packageId: pkg.packageId, assignedAt: at(30 * DAY), dueAt: at(40 * DAY), reminderDays: [3] })
    await syncGroupAssignments(ctx.deps.db, [learner.user.id], at(30 * DAY))
    expect(await tick(at(36 * DAY))).toBe(0)
    expect(await tick(at(37 * DAY))).toBe(1)
    expect(await sends(learner.user.id)).toEqual([3])
    expect(ctx.outbox.map((m) => m.subject)).toEqual(["'Group package' is due on 2 Jan 2027"])
  })

  it('a failed e-mail does not undo the reminder: the notification stays and it is not sent again', async () => {
    const { learner } = await seed()
    const send = ctx.deps.mailer.send
    const errors: unknown[] = []
    const log = console.error
    console.error = (...args: unknown[]) => void errors.push(args)
    ctx.deps.mailer.send = async () => {
      throw new Error('SMTP down')
    }
    try {
      expect(await tick(at(3 * DAY + HOUR))).toBe(1)
    } finally {
      ctx.deps.mailer.send = send
      console.error = log
    }
    expect(errors).toHaveLength(1)
    expect(await tick(at(3 * DAY + 2 * HOUR))).toBe(0)
    expect(await myNotifications(learner.user.id)).toHaveLength(1)
  })
})
