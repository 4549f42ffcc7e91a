import { count } from 'drizzle-orm'
import { packageInput, topicInput, type PackageInput } from '../../contract/content.ts'
import type { Db } from '../db/client.ts'
import { packages } from '../db/schema.ts'
import { createPackage } from '../packages/service.ts'
import { createTopic } from '../topics/service.ts'

interface DemoTopic {
  title: string
  description: string
  subTopics: { title: string; description: string }[]
}
interface DemoPackage extends Omit<PackageInput, 'skills'> {
  skills: (PackageInput['skills'][number] & { topics: DemoTopic[] })[]
}

const topic = (title: string, description: string, subTopics: [string, string][]): DemoTopic => ({
  title,
  description,
  subTopics: subTopics.map(([t, d]) => ({ title: t, description: d })),
})

/** The realistic demo course: three skills, three topics each, 2–4 sub-topics per topic. */
export const FULL_STACK: DemoPackage = {
  title: 'Full-Stack Web Development',
  description:
    'Build and ship modern web applications end to end: a React front end, a Node.js API on PostgreSQL, and the tests and deployment that keep them running.',
  price: '4999.00',
  skills: [
    {
      title: 'Frontend with React',
      description: 'Component-based user interfaces with React: rendering, state, hooks, routing and talking to an API.',
      price: '1999.00',
      topics: [
        topic('React Fundamentals', 'How React turns components and state into what the user sees.', [
          ['JSX and Rendering', 'Writing markup in JavaScript, how JSX compiles, and how React renders and re-renders a tree.'],
          ['Components and Props', 'Splitting a screen into reusable components and passing data down through props.'],
          ['State with useState', 'Keeping local state in a component and updating it without mutating it.'],
        ]),
        topic('Hooks and Side Effects', 'Synchronising components with the world outside React.', [
          ['useEffect and the Render Cycle', 'When effects run, why they run twice in development, and how to clean them up.'],
          ['Custom Hooks', 'Extracting stateful logic into hooks that several components can share.'],
          ['useMemo and useCallback', 'Avoiding needless work and re-renders, and knowing when memoisation does not pay off.'],
          ['Refs and the DOM', 'Reaching a DOM node for focus, measurement or third-party widgets with useRef.'],
        ]),
        topic('Routing and Data Fetching', 'Multi-page applications that load data from a server.', [
          ['Client-side Routing', 'Mapping URLs to screens, nested layouts, route parameters and search parameters.'],
          ['Fetching and Caching Server Data', 'Loading data with a query cache, refetching, and invalidating after a change.'],
          ['Loading and Error States', 'Skeletons, empty states and error boundaries that keep the user informed.'],
        ]),
      ],
    },
    {
      title: 'Backend with Node.js',
      description: 'HTTP APIs in Node.js with TypeScript: the runtime, routing and validation, and data in PostgreSQL.',
      price: '1999.00',
      topics: [
        topic('The Node.js Runtime', 'What makes Node.js fast at I/O and how to structure a program for it.', [
          ['The Event Loop', 'Phases of the event loop, microtasks, and why blocking the main thread hurts every request.'],
          ['Modules and Packages', 'ES modules, package.json, semantic versioning and lock files.'],
          ['Streams and Buffers', 'Processing large files and responses piece by piece instead of all at once.'],
        ]),
        topic('Building REST APIs', 'Designing and implementing a JSON API that clients can rely on.', [
          ['Routing and Middleware', 'Mapping methods and paths to handlers, and sharing concerns such as logging and auth.'],
          ['Validating Input', 'Rejecting bad requests early with schemas and error messages that name the field.'],
          ['Errors and Status Codes', 'Choosing 400, 401, 403, 404 and 409 correctly and never leaking a stack trace.'],
          ['Authentication with JWT', 'Issuing and verifying signed tokens, expiry, and checking roles on every call.'],
        ]),
        topic('Data and Persistence', 'Storing data safely in a relational database.', [
          ['SQL with PostgreSQL', 'Tables, keys, joins and indexes: the queries behind every screen.'],
          ['Schema Migrations', 'Changing the schema in small, versioned, repeatable steps.'],
          ['Transactions', 'Making several writes succeed or fail together, and what isolation levels mean.'],
        ]),
      ],
    },
    {
      title: 'Testing and Deployment',
      description: 'Confidence before shipping and a calm path to production: automated tests, CI and deployment.',
      price: '999.00',
      topics: [
        topic('Unit and Integration Testing', 'Tests that catch regressions without slowing the team down.', [
          ['Writing Good Unit Tests', 'Arrange, act, assert; testing behaviour rather than implementation details.'],
          ['Testing an API End to End in Process', 'Calling the real app against a real database, reset between tests.'],
        ]),
        topic('Browser Testing', 'Checking whole user journeys in a real browser.', [
          ['Playwright Basics', 'Locators by role and label, auto-waiting, and traces for failed runs.'],
          ['Stable End-to-End Tests', 'Seeding data through the API, isolating runs, and avoiding sleeps.'],
        ]),
        topic('Shipping to Production', 'Getting a build onto a server and keeping it healthy.', [
          ['Continuous Integration', 'Running type checks, tests and builds on every push.'],
          ['Configuration and Secrets', 'Twelve-factor configuration, environment variables and keeping secrets out of git.'],
          ['Monitoring and Logs', 'Structured logs, request ids and health checks that tell you what broke.'],
        ]),
      ],
    },
  ],
}

/** A second, smaller package (left unassigned so the catalogue has something to offer). */
export const DATA_ANALYSIS: DemoPackage = {
  title: 'Data Analysis with Python',
  description: 'Load, clean, explore and visualise real data sets with Python, pandas and Matplotlib.',
  price: '2499.50',
  skills: [
    {
      title: 'Python for Data',
      description: 'The Python and pandas you need to turn raw files into tidy tables.',
      price: '1499.50',
      topics: [
        topic('Working with pandas', 'DataFrames: the workhorse of data analysis in Python.', [
          ['Loading CSV and Excel Files', 'Reading files into DataFrames and checking types, missing values and sizes.'],
          ['Cleaning and Reshaping Data', 'Handling missing values, renaming columns, and melting and pivoting tables.'],
          ['Grouping and Aggregating', 'Split-apply-combine with groupby to summarise data by category.'],
        ]),
        topic('Visualising Data', 'Charts that explain a data set at a glance.', [
          ['Plotting with Matplotlib', 'Line, bar and scatter charts, axes, labels and legends.'],
          ['Choosing the Right Chart', 'Matching the chart to the question: comparison, distribution, trend or relationship.'],
        ]),
      ],
    },
  ],
}

export const DEMO_PACKAGES = [FULL_STACK, DATA_ANALYSIS]

/**
 * Creates the demo packages through the same services the API uses (createPackage, then POST /topic/addTopic's
 * createTopic for each topic with its nested sub-topics). Does nothing when any package exists. Answers the ids
 * of the packages it created.
 */
export async function seedDemoContent(db: Db): Promise<number[]> {
  const [row] = await db.select({ n: count() }).from(packages)
  if ((row?.n ?? 0) > 0) return []
  const ids: number[] = []
  for (const demo of DEMO_PACKAGES) {
    const created = await createPackage(
      db,
      packageInput.parse({ ...demo, skills: demo.skills.map(({ topics: _topics, ...skill }) => skill) }),
    )
    for (const [i, skill] of created.skills.entries()) {
      for (const topic of demo.skills[i]!.topics) await createTopic(db, topicInput.parse({ ...topic, skillId: skill.id }))
    }
    ids.push(created.id)
  }
  return ids
}
