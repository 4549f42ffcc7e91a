import { act, render, screen } from '@testing-library/react'
import { AppProviders } from '../../src/AppProviders.tsx'
import { createQueryClient } from '../../src/router.tsx'
import { DURATION, TOAST_LIMIT, notify } from '../../src/lib/toast.ts'

function renderToaster() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <main />
    </AppProviders>,
  )
}

const rendered = () => document.querySelectorAll('[data-sonner-toast]')

/** Moves the fake clock on in small steps, letting React render what the timers did after each step. */
async function advance(ms: number) {
  const step = 50
  for (let done = 0; done < ms || done === 0; done += step) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(step, ms - done))
    })
    if (ms === 0) break
  }
}

describe('toasts', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'Date',
        'requestAnimationFrame',
        'cancelAnimationFrame',
      ],
    })
    renderToaster()
  })

  it('uses the durations the product gives', () => {
    expect(DURATION).toEqual({ success: 2000, error: 4000, blank: 4000, loading: Infinity })
    expect(TOAST_LIMIT).toBe(20)
  })

  it('shows toasts at the bottom right, above the sticky action bars, clear of the page title and its actions', async () => {
    notify.success('Saved')
    await advance(0)
    const toaster = document.querySelector('[data-sonner-toaster]')
    expect(toaster).toHaveAttribute('data-y-position', 'bottom')
    expect(toaster).toHaveAttribute('data-x-position', 'right')
    expect((toaster as HTMLElement).style.getPropertyValue('--offset-bottom')).toBe('96px')
  })

  it('shows a success toast for 2 s', async () => {
    act(() => void notify.success('Saved it'))
    await advance(0)
    expect(screen.getByText('Saved it')).toBeInTheDocument()
    await advance(1500)
    expect(screen.getByText('Saved it')).toBeInTheDocument()
    await advance(1000) // 2.5 s: timed out and the exit animation has run
    expect(screen.queryByText('Saved it')).not.toBeInTheDocument()
  })

  it('shows an error toast for 4 s', async () => {
    act(() => void notify.error('Broke it'))
    await advance(0)
    expect(screen.getByText('Broke it')).toBeInTheDocument()
    await advance(3500)
    expect(screen.getByText('Broke it')).toBeInTheDocument()
    await advance(1000) // 4.5 s
    expect(screen.queryByText('Broke it')).not.toBeInTheDocument()
  })

  it('shows a blank toast for 4 s', async () => {
    act(() => void notify.message('Just so you know'))
    await advance(0)
    expect(screen.getByText('Just so you know')).toBeInTheDocument()
    await advance(3500)
    expect(screen.getByText('Just so you know')).toBeInTheDocument()
    await advance(1000)
    expect(screen.queryByText('Just so you know')).not.toBeInTheDocument()
  })

  it('keeps a loading toast until it is dismissed', async () => {
    act(() => void notify.loading('Working on it'))
    await advance(0)
    expect(screen.getByText('Working on it')).toBeInTheDocument()
    await advance(10_000)
    expect(screen.getByText('Working on it')).toBeInTheDocument()
    act(() => void notify.dismiss())
    await advance(500)
    expect(screen.queryByText('Working on it')).not.toBeInTheDocument()
  })

  it('holds at most 20 toasts, dropping the oldest', async () => {
    act(() => {
      for (let i = 1; i <= 25; i++) notify.error(`Problem ${i}`)
    })
    await advance(0)
    expect(screen.getByText('Problem 25')).toBeInTheDocument()
    await advance(500)
    expect(rendered().length).toBeLessThanOrEqual(20)
    expect(rendered().length).toBeGreaterThanOrEqual(19)
    expect(screen.queryByText('Problem 1')).not.toBeInTheDocument()
    expect(screen.queryByText('Problem 5')).not.toBeInTheDocument()
    expect(screen.getByText('Problem 6')).toBeInTheDocument()
    expect(screen.getByText('Problem 25')).toBeInTheDocument()
  })
})
