import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { and, eq, inArray } from 'drizzle-orm'
import { mcqCreateInput } from '../../contract/media.ts'
import type { Db } from '../db/client.ts'
import { skills, subTopics, topics, videos } from '../db/schema.ts'
import { recordFiles } from '../files/service.ts'
import { createMcq } from '../mcqs/service.ts'
import type { BlobStore } from '../storage/blob-store.ts'
import { sniff } from '../storage/file-types.ts'
import type { ReceivedFile } from '../storage/multipart.ts'
import { addStudyMaterial } from '../study-materials/service.ts'
import { notesPdf } from './demo-pdf.ts'
import { readStoredDuration } from '../videos/duration.ts'

/**
 * Demo media for a few sub-topics of the demo packages: a short video with its thumbnail (a generated test
 * clip, server/seed/assets), a PDF of study notes and a question bank of 11–12 questions, some with several
 * correct answers and some with an 'na' option (hidden in tests). Stored through the real store and services.
 */

interface DemoQuestion {
  question: string
  /** Options A to D; 'na' marks an unused slot. */
  options: [string, string, string, string]
  /** Correct letters, e.g. 'A' or 'A,C'. */
  correct: string
}

export interface DemoSubTopicMedia {
  /** The sub-topic title in demo-content.ts. */
  subTopic: string
  videoTitle: string
  notes: { name: string; paragraphs: string[] }
  questions: DemoQuestion[]
}

const q = (question: string, options: [string, string, string, string], correct: string): DemoQuestion => ({ question, options, correct })

export const DEMO_MEDIA: DemoSubTopicMedia[] = [
  {
    subTopic: 'JSX and Rendering',
    videoTitle: 'JSX and Rendering: a first look',
    notes: {
      name: 'JSX and Rendering - notes',
      paragraphs: [
        'JSX is a syntax extension that lets you write markup inside JavaScript. The compiler turns every element into a call to the JSX runtime (jsx() or React.createElement), so JSX is just JavaScript values describing what to show.',
        'Curly braces embed any JavaScript expression: {user.name}, {items.length > 0 && <List />}. Attributes use camelCase names such as className, onClick and tabIndex, and inline styles are objects: style={{ color: "red" }}.',
        'React renders a tree of elements and, on every state change, renders again and compares the new tree with the previous one. Only the differences reach the DOM. Items rendered from a list need a stable key so React can match them between renders.',
      ],
    },
    questions: [
      q(
        'What does JSX compile to?',
        [
          'Calls to a JSX runtime function such as jsx() or React.createElement',
          'HTML strings',
          'Template literals evaluated by the browser',
          'na',
        ],
        'A',
      ),
      q('Which attribute sets a CSS class on a JSX element?', ['class', 'className', 'cssClass', 'style'], 'B'),
      q(
        'Which of these return values make a component render nothing?',
        ['return null', 'return false', "return 'nothing'", 'throw new Error()'],
        'A,B',
      ),
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a quiz option that shows template-literal syntax as a wrong answer, not a template
      q('How do you embed a JavaScript expression in JSX?', ['{expression}', '{{expression}}', '${expression}', 'na'], 'A'),
      q(
        'Which wrap several sibling elements without adding a DOM node?',
        ['<>...</>', '<div>...</div>', '<span>...</span>', '<React.Fragment>...</React.Fragment>'],
        'A,D',
      ),
      q(
        'Why should list items rendered with map() have a key prop?',
        ['So React can match items between renders', 'To style them', 'HTML requires it', 'To make them focusable'],
        'A',
      ),
      q(
        'Which values make good keys?',
        [
          'A stable id from the data',
          'Math.random() called during render',
          'A unique slug such as "intro-to-jsx"',
          'The same constant for every item',
        ],
        'A,C',
      ),
      q(
        'When does React re-render a component?',
        [
          'When its state changes',
          'When its parent re-renders',
          'When any DOM event fires on the page',
          'When a let variable declared inside it changes',
        ],
        'A,B',
      ),
      q('Which is the correct inline style in JSX?', ['style="color: red"', "style={{ color: 'red' }}", 'style={color: red}', 'na'], 'B'),
      q(
        'What does React compare to decide what to change in the DOM?',
        ['The new element tree with the previous one', 'The HTML source of the page', 'The CSS of each element', 'na'],
        'A',
      ),
      q(
        'In React 19, which call renders an app into a DOM container?',
        [
          'createRoot(container).render(<App />)',
          'ReactDOM.render(<App />, container)',
          'document.render(<App />)',
          'new React(App).mount(container)',
        ],
        'A',
      ),
      q(
        'Which statements about JSX are true?',
        ['Most DOM attributes are written in camelCase', 'Comments are written as <!-- -->', 'Self-closing tags must end with />', 'na'],
        'A,C',
      ),
    ],
  },
  {
    subTopic: 'The Event Loop',
    videoTitle: 'The Event Loop in five minutes',
    notes: {
      name: 'The Event Loop - notes',
      paragraphs: [
        'Node.js runs your JavaScript on one main thread. The event loop takes the next ready callback - a timer, a finished I/O operation, an immediate - and runs it to completion before taking the next one.',
        'Microtasks run as soon as the current operation finishes: first process.nextTick callbacks, then promise reactions. Only then does the loop move on to its phases: timers, pending callbacks, poll (I/O), check (setImmediate) and close callbacks.',
        'Anything synchronous and slow - a long loop, JSON.parse of a huge string, fs.readFileSync - blocks every other request. Move heavy work to a worker thread, split it into chunks, or use the asynchronous APIs, which libuv runs on the operating system or on its thread pool (4 threads by default).',
      ],
    },
    questions: [
      q('On how many main threads does Node.js run your JavaScript?', ['One', 'One per CPU core', 'One per request', 'na'], 'A'),
      q(
        'Which runs first once the current operation completes?',
        ['A setTimeout(fn, 0) callback', "A resolved promise's then() callback", 'A setImmediate callback', 'An I/O callback'],
        'B',
      ),
      q(
        'When does a process.nextTick callback run?',
        ['After the current operation, before promise callbacks', 'In the timers phase', 'In the check phase', 'na'],
        'A',
      ),
      q(
        'Which of these block the event loop?',
        ['A long synchronous loop over a large array', 'fs.readFileSync on a big file', 'await fetch(url)', 'setTimeout(fn, 1000)'],
        'A,B',
      ),
      q('In which phase do setImmediate callbacks run?', ['timers', 'poll', 'check', 'close callbacks'], 'C'),
      q(
        'What does libuv provide to Node.js?',
        ['The event loop', 'A thread pool for some file-system and crypto work', 'The V8 JavaScript engine', 'The npm registry'],
        'A,B',
      ),
      q(
        "Which work runs on libuv's thread pool?",
        ['fs file operations', 'crypto.scrypt and crypto.pbkdf2', 'Reading from a TCP socket', 'na'],
        'A,B',
      ),
      q(
        'A CPU-heavy calculation delays every request. What helps?',
        [
          'Moving it to a worker thread',
          'Splitting it into chunks scheduled with setImmediate',
          'Wrapping it in a Promise',
          'Adding more async keywords',
        ],
        'A,B',
      ),
      q(
        'What does await do inside an async function?',
        [
          'Pauses that function until the promise settles, without blocking the thread',
          'Blocks the whole process until the promise settles',
          'Starts a new thread',
          'na',
        ],
        'A',
      ),
      q(
        "What is printed? console.log('a'); setTimeout(() => console.log('b')); Promise.resolve().then(() => console.log('c')); console.log('d')",
        ['a b c d', 'a d c b', 'a c d b', 'a d b c'],
        'B',
      ),
      q("What is the default size of libuv's thread pool?", ['1', '4', 'The number of CPU cores', '128'], 'B'),
    ],
  },
  {
    subTopic: 'Writing Good Unit Tests',
    videoTitle: 'Writing good unit tests',
    notes: {
      name: 'Writing Good Unit Tests - notes',
      paragraphs: [
        'A unit test has three steps: arrange the data, act by calling the code under test, and assert on the outcome. Keep one behaviour per test and name the test after that behaviour: "rejects an order with no items".',
        'Good tests are fast, independent of each other and repeatable. Flaky tests usually depend on the clock, on shared state or on fixed sleeps; control time, reset state between tests and wait for events instead.',
        'Test behaviour through the public interface rather than implementation details, so refactoring does not break the tests. Replace only slow or external dependencies with test doubles, and write a failing test that reproduces a bug before fixing it.',
      ],
    },
    questions: [
      q(
        'In Arrange-Act-Assert, what happens in the Act step?',
        ['The code under test is called', 'Test data is prepared', 'The outcome is checked', 'na'],
        'A',
      ),
      q(
        'A good unit test is:',
        ['Fast', 'Independent of other tests', 'Dependent on the order tests run in', 'Repeatable with the same result every run'],
        'A,B,D',
      ),
      q(
        'What should a test check?',
        ['Observable behaviour through the public interface', 'The names of private variables', 'The number of lines in a function', 'na'],
        'A',
      ),
      q(
        'A test passes locally and fails on CI now and then. Likely causes?',
        [
          'It depends on the current time or timezone',
          'Tests share state',
          'It has a descriptive name',
          'It waits for async work with fixed sleeps',
        ],
        'A,B,D',
      ),
      q(
        'When is a test double (mock or stub) appropriate?',
        [
          'To replace a slow or external dependency such as a payment API',
          'To replace the function under test',
          'Always, for every collaborator',
          'na',
        ],
        'A',
      ),
      q(
        'What does a code coverage figure tell you?',
        ['Which lines ran during the tests', 'That the code has no bugs', 'That every requirement is tested', 'How fast the code runs'],
        'A',
      ),
      q('Which is the best name for a test?', ['test1', 'rejects an order with no items', 'it works', 'checkOrderFunction'], 'B'),
      q(
        'Test-driven development starts with:',
        ['Writing a failing test', 'Writing the implementation', 'Refactoring', 'Measuring coverage'],
        'A',
      ),
      q(
        'Which belong in a unit test?',
        [
          'One behaviour per test',
          'Expected values written out in the test',
          "A copy of the implementation's logic to compute the expected value",
          'na',
        ],
        'A,B',
      ),
      q('A bug is reported. What do you write first?', ['A test that reproduces it', 'A comment in the code', 'A feature flag', 'na'], 'A'),
      q(
        'Snapshot tests become risky when:',
        [
          'Snapshots are large and updated without being read',
          'The output contains timestamps or random ids',
          'The snapshot is small and reviewed',
          'na',
        ],
        'A,B',
      ),
    ],
  },
  {
    subTopic: 'Loading CSV and Excel Files',
    videoTitle: 'Loading data with pandas',
    notes: {
      name: 'Loading CSV and Excel Files - notes',
      paragraphs: [
        'pd.read_csv reads a text file into a DataFrame; sep picks the separator, index_col the index column, parse_dates the columns to read as dates. pd.read_excel does the same for .xlsx files, with sheet_name choosing the sheet.',
        'Look before you analyse: df.head() shows the first rows, df.shape the number of rows and columns, df.dtypes and df.info() the column types, and df.isna().sum() the missing values per column.',
        'For big files read only what you need: usecols for a subset of columns, dtype for smaller types, and chunksize to process the file in pieces.',
      ],
    },
    questions: [
      q('Which function reads a CSV file into a DataFrame?', ['pd.read_csv', 'pd.load_csv', 'pd.open', 'pd.DataFrame.csv'], 'A'),
      q('Which function reads a sheet of an .xlsx file?', ['pd.read_excel', 'pd.read_xlsx', 'pd.read_sheet', 'na'], 'A'),
      q('Which show the first five rows of df?', ['df.head()', 'df.first()', 'df.top()', 'df[0:5]'], 'A,D'),
      q('Which show the type of each column?', ['df.dtypes', 'df.info()', 'df.shape', 'df.columns'], 'A,B'),
      q('Which read_csv argument sets the column separator?', ['sep', 'split', 'delimiter_char', 'na'], 'A'),
      q('How do you count missing values per column?', ['df.isna().sum()', 'df.count_missing()', 'df.nulls()', 'na'], 'A'),
      q('What does df.shape return?', ['(rows, columns)', '(columns, rows)', 'The number of cells', 'na'], 'A'),
      q(
        'Which read_csv options reduce the memory used for a big file?',
        ['usecols, to read only some columns', 'dtype, to choose smaller types', 'chunksize, to read in pieces', 'header=None'],
        'A,B,C',
      ),
      q('Which read_excel argument picks the sheet?', ['sheet_name', 'sheet', 'tab', 'na'], 'A'),
      q(
        "How do you read the 'date' column as dates while loading a CSV?",
        ["parse_dates=['date']", 'dates=True', 'to_datetime=True', 'na'],
        'A',
      ),
      q(
        "What does pd.read_csv('data.csv', index_col=0) do?",
        ['Uses the first column as the row index', 'Skips the first row', 'Reads only the first column', 'na'],
        'A',
      ),
    ],
  },
]

const ASSETS = new URL('./assets/', import.meta.url)

async function putFile(store: BlobStore, data: Buffer, originalName: string): Promise<ReceivedFile> {
  const type = sniff(data)
  if (!type) throw new Error(`Demo asset ${originalName} is of no known type`)
  const key = randomUUID().replaceAll('-', '')
  await store.put(key, Readable.from([data]), type.contentType)
  return { key, buffer: null, size: data.length, contentType: type.contentType, originalName }
}

/** Adds the demo media to the sub-topics of `packageIds` named in DEMO_MEDIA. Answers how many sub-topics got media. */
export async function seedDemoMedia(deps: { db: Db; store: BlobStore }, packageIds: number[]): Promise<number> {
  if (!packageIds.length) return 0
  const { db, store } = deps
  const clip = await readFile(new URL('demo-clip.mp4', ASSETS))
  const thumbnail = await readFile(new URL('demo-thumbnail.png', ASSETS))
  const targets = await db
    .select({ id: subTopics.id, title: subTopics.title })
    .from(subTopics)
    .innerJoin(topics, eq(topics.id, subTopics.topicId))
    .innerJoin(skills, eq(skills.id, topics.skillId))
    .where(
      and(
        inArray(skills.packageId, packageIds),
        inArray(
          subTopics.title,
          DEMO_MEDIA.map((m) => m.subTopic),
        ),
      ),
    )
  let seeded = 0
  for (const media of DEMO_MEDIA) {
    const target = targets.find((t) => t.title === media.subTopic)
    if (!target) continue
    const slug = media.subTopic.toLowerCase().replace(/[^a-z0-9]+/g, '-')

    const video = await putFile(store, clip, `${slug}.mp4`)
    const thumb = await putFile(store, thumbnail, `${slug}.png`)
    const durationSeconds = await readStoredDuration(store, { key: video.key!, size: video.size, contentType: video.contentType })
    await db.transaction(async (tx) => {
      await recordFiles(tx, [video, thumb])
      await tx
        .insert(videos)
        .values({ subTopicId: target.id, title: media.videoTitle, fileKey: video.key!, thumbnailKey: thumb.key!, durationSeconds })
    })

    const pdf = await putFile(store, notesPdf(media.subTopic, media.notes.paragraphs), `${slug}.pdf`)
    await addStudyMaterial(deps, target.id, media.notes.name, pdf, () => '')

    for (const item of media.questions) {
      const options = JSON.stringify({ A: item.options[0], B: item.options[1], C: item.options[2], D: item.options[3] })
      await createMcq(db, mcqCreateInput.parse({ subTopicId: target.id, question: item.question, options, correctOption: item.correct }))
    }
    seeded++
  }
  return seeded
}
