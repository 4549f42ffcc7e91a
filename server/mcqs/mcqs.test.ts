import { eq } from 'drizzle-orm'
import type { Mcq } from '../../contract/media.ts'
import { mcqs, userPackages } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { insertTree, keysOf, type BuiltTree } from '../test/content.ts'

const ctx = setupTestContext()
let admin: string
let learner: { token: string; id: number }
let mine: BuiltTree
let other: BuiltTree
beforeEach(async () => {
  admin = (await ctx.createUser({ role: 'admin' })).token
  const user = await ctx.createUser({ role: 'USER' })
  learner = { token: user.token, id: user.user.id }
  mine = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 2, label: 'Mine' })
  other = await insertTree(ctx.deps.db, { skills: 1, topics: 1, subTopics: 1, label: 'Other' })
  await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: mine.packageId })
})

const OPTIONS = JSON.stringify({ A: '2', B: '3', C: '4', D: '5' })
const body = (patch: Record<string, unknown> = {}) => ({
  subTopicId: mine.subTopicIds[0],
  question: 'Which are prime?',
  options: OPTIONS,
  correctOption: 'A,B',
  ...patch,
})

async function create(patch: Record<string, unknown> = {}) {
  const res = await ctx.request<Mcq>('POST', '/api/mcqs/create', { token: admin, body: body(patch) })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  return res.body.data!
}

type Res = { status: number; body: { success: boolean; errorDetails?: Record<string, string> } }
function expectValidation(res: Res, field: string) {
  expect(res.status).toBe(400)
  expect(res.body.success).toBe(false)
  expect(res.body.errorDetails, JSON.stringify(res.body)).toHaveProperty([field])
}

const invalid: [string, Record<string, unknown>, string][] = [
  ['a correct letter naming no option', { options: JSON.stringify({ A: 'x', B: 'y' }), correctOption: 'C' }, 'correctOption'],
  ['one good and one bad letter', { options: JSON.stringify({ A: 'x', B: 'y' }), correctOption: 'A, E' }, 'correctOption'],
  ['no correct option', { correctOption: ' ' }, 'correctOption'],
  ['missing correctOption', { correctOption: undefined }, 'correctOption'],
  ['options that are not JSON', { options: 'A) 2, B) 3' }, 'options'],
  ['options as a JSON array', { options: JSON.stringify(['2', '3']) }, 'options'],
  ['a single option', { options: JSON.stringify({ A: 'only' }), correctOption: 'A' }, 'options'],
  ['options beyond D only', { options: JSON.stringify({ E: '1', F: '2' }), correctOption: 'E' }, 'options'],
  ['a blank question', { question: '  ' }, 'question'],
  ['a missing question', { question: undefined }, 'question'],
]

describe('POST /api/mcqs/create', () => {
  it('creates an MCQ and answers 201 with it, correct letters normalised', async () => {
    const res = await ctx.request<Mcq>('POST', '/api/mcqs/create', {
      token: admin,
      body: body({ question: '  Which are prime? ', correctOption: 'b a, B' }),
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ success: true, message: 'MCQ Created' })
    const mcq = res.body.data!
    expect(keysOf(mcq)).toEqual(['correctOption', 'explanation', 'id', 'options', 'question', 'subTopicId'])
    expect(mcq.explanation).toBeNull()
    expect(mcq).toMatchObject({ subTopicId: mine.subTopicIds[0], question: 'Which are prime?', options: OPTIONS, correctOption: 'A,B' })
    const [row] = await ctx.deps.db.select().from(mcqs)
    expect(row).toMatchObject({ question: 'Which are prime?', correctOption: 'A,B' })
  })

  it.each(invalid)('%s → 400 naming the field; nothing stored', async (_name, patch, field) => {
    expectValidation(await ctx.request('POST', '/api/mcqs/create', { token: admin, body: body(patch) }), field)
    expect(await ctx.deps.db.select().from(mcqs)).toEqual([])
  })

  it('the message for a letter naming no option says which', async () => {
    const res = await ctx.request('POST', '/api/mcqs/create', {
      token: admin,
      body: body({ options: JSON.stringify({ A: 'x', B: 'y' }), correctOption: 'A,C,D' }),
    })
    expect(res.body.errorDetails).toEqual({ correctOption: 'Correct option C, D does not name an option' })
  })

  it.each<[string, Record<string, unknown>, string, string]>([
    ['a blank question', { question: '  ' }, 'question', 'Missing question or correct option(s)'],
    ['no correct option', { correctOption: ' ' }, 'correctOption', 'Missing question or correct option(s)'],
    ['a single option', { options: JSON.stringify({ A: 'only', B: '  ' }), correctOption: 'A' }, 'options', 'Less than 2 options provided'],
    [
      'a correct letter naming no option',
      { options: JSON.stringify({ A: 'x', B: 'y' }), correctOption: 'B C' },
      'correctOption',
      'Correct option C does not name an option',
    ],
  ])('%s → 400 with the import row message', async (_name, patch, field, message) => {
    const res = await ctx.request('POST', '/api/mcqs/create', { token: admin, body: body(patch) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message, errorDetails: { [field]: message } })
    expect(await ctx.deps.db.select().from(mcqs)).toEqual([])
  })

  it('a question already in the sub-topic (any case and spacing) → 400 Duplicate question; nothing stored', async () => {
    await create()
    const res = await ctx.request('POST', '/api/mcqs/create', { token: admin, body: body({ question: 'which  ARE prime?' }) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ message: 'Duplicate question', errorDetails: { question: 'Duplicate question' } })
    expect(await ctx.deps.db.select().from(mcqs)).toHaveLength(1)
  })

  it('the same question in another sub-topic is not a duplicate', async () => {
    await create()
    await create({ subTopicId: mine.subTopicIds[1] })
    expect(await ctx.deps.db.select().from(mcqs)).toHaveLength(2)
  })

  it('two concurrent adds of one question store it once', async () => {
    const answers = await Promise.all([0, 1, 2].map(() => ctx.request('POST', '/api/mcqs/create', { token: admin, body: body() })))
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400])
    expect(await ctx.deps.db.select().from(mcqs)).toHaveLength(1)
  })

  it('blank options are left out and the rest stored trimmed', async () => {
    const mcq = await create({ options: JSON.stringify({ A: ' 2 ', B: '3', C: ' ' }), correctOption: 'a' })
    expect(mcq.options).toBe(JSON.stringify({ A: '2', B: '3' }))
  })

  it('missing or unknown sub-topic → 400 / 404', async () => {
    expectValidation(await ctx.request('POST', '/api/mcqs/create', { token: admin, body: body({ subTopicId: undefined }) }), 'subTopicId')
    const missing = await ctx.request('POST', '/api/mcqs/create', { token: admin, body: body({ subTopicId: 99_999 }) })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('SubTopic not found')
  })

  it('learners → 403; anonymous → 401', async () => {
    expect((await ctx.request('POST', '/api/mcqs/create', { token: learner.token, body: body() })).status).toBe(403)
    expect((await ctx.request('POST', '/api/mcqs/create', { body: body() })).status).toBe(401)
  })
})

describe('PUT /api/mcqs/update?id', () => {
  it('overwrites question, options and correct option', async () => {
    const mcq = await create()
    const options = JSON.stringify({ A: 'red', B: 'green', C: 'blue' })
    const res = await ctx.request<Mcq>('PUT', `/api/mcqs/update?id=${mcq.id}`, {
      token: admin,
      body: { question: 'Colours of the flag?', options, correctOption: 'c a' },
    })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('MCQ Updated')
    expect(res.body.data).toEqual({
      id: mcq.id,
      subTopicId: mine.subTopicIds[0],
      question: 'Colours of the flag?',
      options,
      correctOption: 'A,C',
      explanation: null,
    })
  })

  it.each(invalid)('%s → 400; the MCQ is unchanged', async (_name, patch, field) => {
    const mcq = await create()
    const { subTopicId: _s, ...input } = body(patch)
    expectValidation(await ctx.request('PUT', `/api/mcqs/update?id=${mcq.id}`, { token: admin, body: input }), field)
    const [row] = await ctx.deps.db.select().from(mcqs).where(eq(mcqs.id, mcq.id))
    expect(row).toMatchObject({ question: 'Which are prime?', options: OPTIONS, correctOption: 'A,B' })
  })

  it('unknown id → 404; missing or bad id → 400; learner → 403', async () => {
    const mcq = await create()
    const { subTopicId: _s, ...input } = body()
    const missing = await ctx.request('PUT', '/api/mcqs/update?id=99999', { token: admin, body: input })
    expect(missing.status).toBe(404)
    expect(missing.body.message).toBe('Mcq not found')
    expectValidation(await ctx.request('PUT', '/api/mcqs/update', { token: admin, body: input }), 'id')
    expectValidation(await ctx.request('PUT', '/api/mcqs/update?id=abc', { token: admin, body: input }), 'id')
    expect((await ctx.request('PUT', `/api/mcqs/update?id=${mcq.id}`, { token: learner.token, body: input })).status).toBe(403)
  })
})

describe('explanations', () => {
  const stored = async (id: number) => (await ctx.deps.db.select().from(mcqs).where(eq(mcqs.id, id)))[0]!.explanation
  const update = (id: number, patch: Record<string, unknown>) => {
    const { subTopicId: _s, ...input } = body(patch)
    return ctx.request<Mcq>('PUT', `/api/mcqs/update?id=${id}`, { token: admin, body: input })
  }

  it('create stores it trimmed and answers it; a blank one is stored as none', async () => {
    const mcq = await create({ explanation: '  2 and 3 have no other divisors.\nThe rest are even.  ' })
    expect(mcq.explanation).toBe('2 and 3 have no other divisors.\nThe rest are even.')
    expect(await stored(mcq.id)).toBe('2 and 3 have no other divisors.\nThe rest are even.')
    expect((await create({ question: 'Blank', explanation: '   ' })).explanation).toBeNull()
    expect((await create({ question: 'Null', explanation: null })).explanation).toBeNull()
  })

  it('update replaces it when sent, keeps it when left out, removes it with an empty text or null', async () => {
    const mcq = await create({ explanation: 'First' })
    expect((await update(mcq.id, { explanation: 'Second' })).body.data!.explanation).toBe('Second')
    expect((await update(mcq.id, { question: 'Kept' })).body.data!.explanation).toBe('Second')
    expect(await stored(mcq.id)).toBe('Second')
    expect((await update(mcq.id, { explanation: '' })).body.data!.explanation).toBeNull()
    await update(mcq.id, { explanation: 'Again' })
    expect((await update(mcq.id, { explanation: null })).body.data!.explanation).toBeNull()
    expect(await stored(mcq.id)).toBeNull()
  })

  it.each([
    ['too long', 'e'.repeat(5001)],
    ['with a control character', 'ring\u0007'],
    ['not text', 42],
  ])('an explanation %s → 400 naming explanation; nothing stored', async (_name, explanation) => {
    expectValidation(await ctx.request('POST', '/api/mcqs/create', { token: admin, body: body({ explanation }) }), 'explanation')
    expect(await ctx.deps.db.select().from(mcqs)).toEqual([])
    const mcq = await create({ explanation: 'Kept' })
    expectValidation(await update(mcq.id, { explanation }), 'explanation')
    expect(await stored(mcq.id)).toBe('Kept')
  })

  it('admins read it on every MCQ route; learners never receive it on the routes they can call', async () => {
    const secret = 'Because the key is A.'
    const mcq = await create({ explanation: secret })
    const ids = `subTopicIds=${mine.subTopicIds[0]}`
    expect((await ctx.request<Mcq>('GET', `/api/mcqs/getById?id=${mcq!.id}`, { token: admin })).body.data!.explanation).toBe(secret)
    expect((await ctx.request<Mcq[]>('GET', `/api/mcqs/getBySubTopics?${ids}`, { token: admin })).body.data![0]!.explanation).toBe(secret)
    expect((await ctx.request<Mcq[]>('GET', '/api/mcqs/getAll', { token: admin })).body.data![0]!.explanation).toBe(secret)
    for (const path of [`/api/mcqs/getById?id=${mcq!.id}`, `/api/mcqs/getBySubTopics?${ids}`]) {
      const res = await ctx.request('GET', path, { token: learner.token })
      expect(res.status).toBe(200)
      expect(JSON.stringify(res.body)).not.toContain(secret)
      expect(JSON.stringify(res.body)).not.toMatch(/explanation/i)
    }
  })
})

describe('DELETE /api/mcqs/delete?id', () => {
  it('deletes the MCQ', async () => {
    const keep = await create({ question: 'Keep' })
    const gone = await create({ question: 'Gone' })
    const res = await ctx.request('DELETE', `/api/mcqs/delete?id=${gone.id}`, { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('MCQ Deleted')
    expect((await ctx.deps.db.select().from(mcqs)).map((m) => m.id)).toEqual([keep.id])
  })

  it('unknown → 404; bad id → 400; learner → 403', async () => {
    const mcq = await create()
    expect((await ctx.request('DELETE', '/api/mcqs/delete?id=99999', { token: admin })).status).toBe(404)
    expect((await ctx.request('DELETE', '/api/mcqs/delete?id=0', { token: admin })).status).toBe(400)
    expect((await ctx.request('DELETE', `/api/mcqs/delete?id=${mcq.id}`, { token: learner.token })).status).toBe(403)
    expect(await ctx.deps.db.select().from(mcqs)).toHaveLength(1)
  })
})

describe('reading MCQs', () => {
  async function bank() {
    return {
      a1: await create({ question: 'A1', correctOption: 'A' }),
      a2: await create({ question: 'A2', correctOption: 'B,D' }),
      b1: await create({ question: 'B1', subTopicId: mine.subTopicIds[1], correctOption: 'C' }),
      o1: await create({ question: 'O1', subTopicId: other.subTopicIds[0], correctOption: 'D' }),
    }
  }

  it('getById: admins see the answer key; assigned learners get the MCQ without it', async () => {
    const { a2 } = await bank()
    const asAdmin = await ctx.request<Mcq>('GET', `/api/mcqs/getById?id=${a2.id}`, { token: admin })
    expect(asAdmin.status).toBe(200)
    expect(asAdmin.body.message).toBe('MCQ Found')
    expect(asAdmin.body.data).toMatchObject({ id: a2.id, correctOption: 'B,D' })
    const asLearner = await ctx.request<Mcq>('GET', `/api/mcqs/getById?id=${a2.id}`, { token: learner.token })
    expect(asLearner.status).toBe(200)
    expect(asLearner.body.data).toEqual({ id: a2.id, subTopicId: mine.subTopicIds[0], question: 'A2', options: OPTIONS })
    expect(JSON.stringify(asLearner.body)).not.toMatch(/correct/i)
  })

  it('getById: unassigned learner → 403; unknown → 404; bad id → 400', async () => {
    const { o1 } = await bank()
    const res = await ctx.request('GET', `/api/mcqs/getById?id=${o1.id}`, { token: learner.token })
    expect(res.status).toBe(403)
    expect(JSON.stringify(res.body)).not.toContain('O1')
    expect((await ctx.request('GET', '/api/mcqs/getById?id=99999', { token: admin })).status).toBe(404)
    expect((await ctx.request('GET', '/api/mcqs/getById?id=x', { token: admin })).status).toBe(400)
  })

  it('getAll: every MCQ with answers, for admins only', async () => {
    await bank()
    const res = await ctx.request<Mcq[]>('GET', '/api/mcqs/getAll', { token: admin })
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('All MCQs')
    expect(res.body.data!.map((m) => [m.question, m.correctOption])).toEqual([
      ['A1', 'A'],
      ['A2', 'B,D'],
      ['B1', 'C'],
      ['O1', 'D'],
    ])
    expect((await ctx.request('GET', '/api/mcqs/getAll', { token: learner.token })).status).toBe(403)
  })

  it('getBySubTopics: repeated ids, subTopicId filled in each; admins see answers', async () => {
    await bank()
    const res = await ctx.request<Mcq[]>(
      'GET',
      `/api/mcqs/getBySubTopics?subTopicIds=${mine.subTopicIds[0]}&subTopicIds=${mine.subTopicIds[1]}`,
      { token: admin },
    )
    expect(res.status).toBe(200)
    expect(res.body.message).toBe('MCQs by SubTopics')
    expect(res.body.data!.map((m) => [m.question, m.subTopicId, m.correctOption])).toEqual([
      ['A1', mine.subTopicIds[0], 'A'],
      ['A2', mine.subTopicIds[0], 'B,D'],
      ['B1', mine.subTopicIds[1], 'C'],
    ])
  })

  it('getBySubTopics: an assigned learner never receives correctOption anywhere in the answer', async () => {
    await bank()
    const res = await ctx.request<Mcq[]>(
      'GET',
      `/api/mcqs/getBySubTopics?subTopicIds=${mine.subTopicIds[0]}&subTopicIds=${mine.subTopicIds[1]}`,
      { token: learner.token },
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toHaveLength(3)
    for (const mcq of res.body.data!) expect(keysOf(mcq)).toEqual(['id', 'options', 'question', 'subTopicId'])
    expect(JSON.stringify(res.body)).not.toMatch(/correct/i)
  })

  it("learners never see 'na' or blank options; admins see every option to edit them", async () => {
    const withUnused = JSON.stringify({ A: 'Paris', B: 'NA', C: ' ', D: 'Lyon' })
    // Stored directly: adding a question leaves blank options out, but older rows may hold them.
    const [mcq] = await ctx.deps.db
      .insert(mcqs)
      .values({ subTopicId: mine.subTopicIds[0]!, question: 'Capital of France?', options: withUnused, correctOption: 'A' })
      .returning()
    const list = await ctx.request<Mcq[]>('GET', `/api/mcqs/getBySubTopics?subTopicIds=${mine.subTopicIds[0]}`, { token: learner.token })
    expect(list.status).toBe(200)
    expect(list.body.data!.map((m) => JSON.parse(m.options))).toEqual([{ A: 'Paris', D: 'Lyon' }])
    const one = await ctx.request<Mcq>('GET', `/api/mcqs/getById?id=${mcq!.id}`, { token: learner.token })
    expect(JSON.parse(one.body.data!.options)).toEqual({ A: 'Paris', D: 'Lyon' })
    const asAdmin = await ctx.request<Mcq>('GET', `/api/mcqs/getById?id=${mcq!.id}`, { token: admin })
    expect(asAdmin.body.data!.options).toBe(withUnused)
  })

  it('getBySubTopics: a learner asking for any unassigned sub-topic → 403', async () => {
    await bank()
    const res = await ctx.request(
      'GET',
      `/api/mcqs/getBySubTopics?subTopicIds=${mine.subTopicIds[0]}&subTopicIds=${other.subTopicIds[0]}`,
      { token: learner.token },
    )
    expect(res.status).toBe(403)
    expect(JSON.stringify(res.body)).not.toMatch(/A1|O1/)
  })

  it('getBySubTopics: missing, non-numeric or comma-joined ids → 400; ids with no MCQs → empty list', async () => {
    await bank()
    expectValidation(await ctx.request('GET', '/api/mcqs/getBySubTopics', { token: admin }), 'subTopicIds')
    expect((await ctx.request('GET', '/api/mcqs/getBySubTopics?subTopicIds=abc', { token: admin })).status).toBe(400)
    expect(
      (await ctx.request('GET', `/api/mcqs/getBySubTopics?subTopicIds=${mine.subTopicIds[0]},${mine.subTopicIds[1]}`, { token: admin }))
        .status,
    ).toBe(400)
    const empty = await ctx.request<Mcq[]>('GET', '/api/mcqs/getBySubTopics?subTopicIds=99999', { token: admin })
    expect(empty.status).toBe(200)
    expect(empty.body.data).toEqual([])
  })

  it('reads without a token → 401', async () => {
    expect((await ctx.request('GET', '/api/mcqs/getAll')).status).toBe(401)
    expect((await ctx.request('GET', `/api/mcqs/getBySubTopics?subTopicIds=${mine.subTopicIds[0]}`)).status).toBe(401)
  })
})
