import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../scripts/chromium.ts'

/**
 * Run through `npm run test:e2e` (tests/e2e/run.ts), which starts the server and sets E2E_BASE_URL.
 * Debian's Chromium is driven directly: `playwright install` cannot download here.
 */
const baseURL = process.env.E2E_BASE_URL
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`.')

const chromium = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
}

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results/e2e',
  fullyParallel: false,
  // Three on two cores: the journeys and the sweep wait on the browser and the server often enough that a third
  // worker fills the gaps (the whole run took 5.7 min against 6.6 min with two, one after the other on a quiet machine).
  workers: 3,
  // No retries, in CI either: a journey that fails once shows, so a race is found rather than hidden.
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  // Ceilings for a loaded machine, not expectations, as in the Vitest suites: a test goes on as soon as its condition
  // holds.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    serviceWorkers: 'block',
  },
  // The workers take tests in this order: the journeys first (the CSP spec among them makes the axe sweep's seed while the
  // other workers go on), then the sweep, one test per screen and width, which the workers share out until they all
  // run out together.
  projects: [
    { name: 'journeys', testIgnore: 'a11y.spec.ts', use: chromium },
    { name: 'a11y', testMatch: 'a11y.spec.ts', use: chromium },
  ],
})
