/**
 * POST /api/user/import: accounts created (and invited), updated or left unchanged by e-mail; groups created and
 * joined; packages assigned directly; bad rows skipped with their row numbers; a dry run that answers the same
 * counts and leaves nothing behind.
 */
import { count, eq, sql } from 'drizzle-orm'
import ExcelJS from 'exceljs'
import { groupMembers, groups, notifications, userPackages, users } from '../db/schema.ts'
import { setupTestContext } from '../test/harness.ts'
import { pdf, upload, XLSX_TYPE } from '../test/media.ts'
import type { OpenApiDocument } from '../openapi/document.ts'
import {
  HEADER,
  asCsv,
  asXlsx,
  importFile,
  insertGroup,
  insertPackage,
  invitationToken,
  organisationSnapshot,
  rowCount,
} from '../test/user-import.ts'
import { applyPlan } from './apply.ts'
import { locateColumns } from './columns.ts'
import { planImport } from './plan.ts'
import { readRow } from './row-rules.ts'
import { importUsers } from './service.ts'
import { loadImportState } from './state.ts'

const ctx = setupTestContext()
let admin: { token: string; id: number }
let safety: number
let onboarding: number
let sales: number

beforeEach(async () => {
  const created = await ctx.createUser({ role: 'admin', email: 'chief@example.com', name: 'Chief' })
  admin = { token: created.token, id: created.user.id }
  safety = await insertPackage(ctx.deps.db, 'Safety basics')
  onboarding = await insertPackage(ctx.deps.db, 'Onboarding')
  sales = await insertGroup(ctx.deps.db, 'Sales', [onboarding])
})

const accountOf = async (email: string) => (await ctx.deps.db.select().from(users).where(eq(users.email, email)))[0]
const packagesOf = async (userId: number) =>
  (
    await ctx.deps.db
      .select({ packageId: userPackages.packageId, direct: userPackages.direct })
      .from(userPackages)
      .where(eq(userPackages.userId, userId))
  ).sort((a, b) => a.packageId - b.packageId)
const groupNamesOf = async (userId: number) =>
  (
    await ctx.deps.db
      .select({ name: groups.name })
      .from(groupMembers)
      .innerJoin(groups, eq(groups.id, groupMembers.groupId))
      .where(eq(groupMembers.userId, userId))
  )
    .map((row) => row.name)
    .sort()

const NEW_PEOPLE = () => [
  HEADER,
  ['Ann.Lee@Example.com', 'Ann Lee', 'Learner', 'sales, New starters', 'Safety basics'],
  ['bob@example.com', 'Bob Admin', 'ADMIN', '', ''],
  ['carol@example.com', 'Carol', '', 'New starters', String(safety)],
]

describe('a file of new people', () => {
  it('creates the accounts without passwords, invites each once, joins groups (creating new ones) and assigns packages', async () => {
    const res = await importFile(ctx, admin.token, await asXlsx(NEW_PEOPLE()))
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ rows: 3, created: 3, updated: 0, unchanged: 0, invited: 3, errors: [] })

    const ann = (await accountOf('ann.lee@example.com'))!
    expect(ann).toMatchObject({ name: 'Ann Lee', role: 'USER', passwordHash: null, emailVerified: false })
    expect((await accountOf('bob@example.com'))!.role).toBe('admin')
    const carol = (await accountOf('carol@example.com'))!
    expect(carol.role).toBe('USER')

    // 'sales' is the existing Sales group; 'New starters' is created once for both rows.
    expect(await groupNamesOf(ann.id)).toEqual(['New starters', 'Sales'])
    expect(await groupNamesOf(carol.id)).toEqual(['New starters'])
    expect((await ctx.deps.db.select().from(groups).where(eq(groups.name, 'New starters'))).length).toBe(1)
    // The group's package comes through the membership; the Packages column assigns directly.
    expect(await packagesOf(ann.id)).toEqual([
      { packageId: safety, direct: true },
      { packageId: onboarding, direct: false },
    ])
    expect(await packagesOf(carol.id)).toEqual([{ packageId: safety, direct: true }])
    const annNotes = await ctx.deps.db.select().from(notifications).where(eq(notifications.userId, ann.id))
    expect(annNotes.map((n) => [n.kind, n.title, n.link]).sort()).toEqual([
      ['assigned', 'New package: Onboarding', `/topics/${onboarding}`],
      ['assigned', 'New package: Safety basics', `/topics/${safety}`],
    ])

    expect(ctx.outbox.map((mail) => mail.to).sort()).toEqual(['ann.lee@example.com', 'bob@example.com', 'carol@example.com'])
    const mail = ctx.outbox.find((m) => m.to === 'ann.lee@example.com')!
    expect(mail.subject).toBe('You are invited to Learnpack')
    expect(mail.text).toContain('Hello Ann Lee')
    expect(mail.text).toContain('expires in 7 days')
    expect(invitationToken(mail)).toMatch(/^[\w-]{40,}$/)
  })

  it('the same rows as CSV import the same way', async () => {
    const res = await importFile(ctx, admin.token, asCsv(NEW_PEOPLE()))
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ rows: 3, created: 3, updated: 0, unchanged: 0, invited: 3, errors: [] })
    const ann = (await accountOf('ann.lee@example.com'))!
    expect(await groupNamesOf(ann.id)).toEqual(['New starters', 'Sales'])
    expect(await packagesOf(ann.id)).toEqual([
      { packageId: safety, direct: true },
      { packageId: onboarding, direct: false },
    ])
  })
})

describe('?dryRun=true', () => {
  it('answers what the import then does, stores nothing and sends no mail', async () => {
    const file = await asXlsx([...NEW_PEOPLE(), ['chief@example.com', 'Chief Officer', '', 'Sales', ''], ['not-an-email', 'X', '', '', '']])
    const before = await organisationSnapshot(ctx.deps.db)
    const dry = await importFile(ctx, admin.token, file, '?dryRun=true')
    expect(dry.status).toBe(200)
    expect(dry.body.message).toBe('User import preview')
    expect(dry.body.data).toEqual({
      rows: 5,
      created: 3,
      updated: 1,
      unchanged: 0,
      invited: 3,
      errors: [{ row: 6, message: "Email must be a valid e-mail address: 'not-an-email'" }],
    })
    expect(await organisationSnapshot(ctx.deps.db)).toEqual(before)
    expect(ctx.outbox).toEqual([])

    const real = await importFile(ctx, admin.token, file)
    expect(real.body.data).toEqual(dry.body.data)
    expect(await rowCount(ctx.deps.db, users)).toBe(before.users.length + 3)
    expect(ctx.outbox).toHaveLength(3)
  })

  it('dryRun must be true or false: anything else is a 400 naming it, and nothing is read or stored', async () => {
    const res = await importFile(ctx, admin.token, asCsv(NEW_PEOPLE()), '?dryRun=yes')
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/^dryRun: /)
    expect(await accountOf('bob@example.com')).toBeUndefined()
  })
})

describe('importing again', () => {
  it('the same file twice: the second import changes nothing (every row unchanged, no mail)', async () => {
    const file = await asXlsx(NEW_PEOPLE())
    await importFile(ctx, admin.token, file)
    const after = await organisationSnapshot(ctx.deps.db)
    const mails = ctx.outbox.length
    const again = await importFile(ctx, admin.token, file)
    expect(again.body.data).toEqual({ rows: 3, created: 0, updated: 0, unchanged: 3, invited: 0, errors: [] })
    expect(await organisationSnapshot(ctx.deps.db)).toEqual(after)
    expect(ctx.outbox).toHaveLength(mails)
  })

  it('matches e-mails whatever their case; counts as updated a new name, role, group or direct package; removes nothing', async () => {
    const people = await Promise.all(
      ['same', 'rename', 'promote', 'join', 'assign', 'blank'].map((who) => ctx.createUser({ email: `${who}@example.com`, name: who })),
    )
    const [same, , , join, assign, blank] = people.map((p) => p.user)
    await ctx.deps.db.insert(groupMembers).values([same!, join!].map((u) => ({ groupId: sales, userId: u.id })))
    await ctx.deps.db.insert(userPackages).values([
      { userId: same!.id, packageId: onboarding, direct: false },
      { userId: join!.id, packageId: onboarding, direct: false },
      { userId: assign!.id, packageId: safety, direct: true },
    ])
    const res = await importFile(
      ctx,
      admin.token,
      asCsv([
        HEADER,
        ['SAME@example.com', 'same', 'learner', 'Sales', ''],
        ['rename@example.com', 'Renamed', '', '', ''],
        ['promote@example.com', '', 'Administrator', '', ''],
        ['join@example.com', '', '', 'New starters', ''],
        // Onboarding reaches 'assign' through no group: a direct assignment is new; Safety is already direct.
        ['assign@example.com', '', 'User', '', 'Safety basics, onboarding'],
        ['blank@example.com', '', '', '', ''],
      ]),
    )
    expect(res.body.data).toEqual({ rows: 6, created: 0, updated: 4, unchanged: 2, invited: 0, errors: [] })
    expect((await accountOf('rename@example.com'))!.name).toBe('Renamed')
    expect((await accountOf('promote@example.com'))!.role).toBe('admin')
    expect((await accountOf('promote@example.com'))!.name).toBe('promote')
    // Joining another group keeps the one the learner was in.
    expect(await groupNamesOf(join!.id)).toEqual(['New starters', 'Sales'])
    expect(await packagesOf(assign!.id)).toEqual([
      { packageId: safety, direct: true },
      { packageId: onboarding, direct: true },
    ])
    expect(await packagesOf(same!.id)).toEqual([{ packageId: onboarding, direct: false }])
    expect(await groupNamesOf(blank!.id)).toEqual([])
    expect(ctx.outbox).toEqual([])
  })

  it('a package also given by a group becomes direct, and stays when the learner leaves the group', async () => {
    const learner = (await ctx.createUser({ email: 'lee@example.com' })).user
    await ctx.deps.db.insert(groupMembers).values({ groupId: sales, userId: learner.id })
    await ctx.deps.db.insert(userPackages).values({ userId: learner.id, packageId: onboarding, direct: false })
    const res = await importFile(ctx, admin.token, asCsv([HEADER, ['lee@example.com', '', '', 'Sales', 'Onboarding']]))
    expect(res.body.data).toMatchObject({ updated: 1, unchanged: 0 })
    expect(await packagesOf(learner.id)).toEqual([{ packageId: onboarding, direct: true }])
    // Already assigned before: no second 'assigned' notification.
    expect(await rowCount(ctx.deps.db, notifications)).toBe(0)
  })

  it('a role change ends the sessions of the account changed, not those of the admin importing', async () => {
    const other = await ctx.createUser({ role: 'admin', email: 'deputy@example.com' })
    const res = await importFile(
      ctx,
      admin.token,
      asCsv([HEADER, ['deputy@example.com', '', 'Learner', '', ''], ['chief@example.com', 'Chief', 'Admin', '', '']]),
    )
    expect(res.body.data).toMatchObject({ updated: 1, unchanged: 1, errors: [] })
    expect((await ctx.request('GET', '/api/user/getUserByEmail', { token: other.token })).status).toBe(401)
    expect((await ctx.request('GET', '/api/user/getUserByEmail', { token: admin.token })).status).toBe(200)
  })
})

describe('bad rows', () => {
  it('are reported with the row numbers a spreadsheet shows, with every reason, and skipped; the good rows are imported', async () => {
    await insertPackage(ctx.deps.db, 'Maths')
    await insertPackage(ctx.deps.db, 'maths')
    const res = await importFile(
      ctx,
      admin.token,
      await asXlsx([
        HEADER,
        ['good@example.com', 'Good One', '', '', 'Safety basics'],
        ['not an e-mail', 'Nobody', '', '', ''],
        [null, null, null, null, null],
        ['role@example.com', 'Role', 'Manager', '', ''],
        ['pkg@example.com', 'Pkg', '', '', 'Safety basics, Astrophysics, 999999'],
        ['GOOD@example.com', 'Good Again', '', '', ''],
        ['long@example.com', 'x'.repeat(121), '', '', ''],
        ['noname@example.com', '', '', '', ''],
        ['twice@example.com', 'Two', 'Boss', '', 'Maths'],
        ['', 'No Email', '', '', ''],
        ['group@example.com', 'Group', '', 'y'.repeat(121), ''],
        ['fine@example.com', 'Fine', 'admin', 'Sales', ''],
      ]),
    )
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({
      rows: 11,
      created: 2,
      updated: 0,
      unchanged: 0,
      invited: 2,
      errors: [
        { row: 3, message: "Email must be a valid e-mail address: 'not an e-mail'" },
        { row: 5, message: "Unknown role 'Manager': write Learner or Admin" },
        { row: 6, message: "Unknown packages: 'Astrophysics', '999999'" },
        { row: 7, message: 'Duplicate e-mail: good@example.com is already on row 2' },
        { row: 8, message: 'Name must be at most 120 characters' },
        { row: 9, message: 'Name is required for a new account' },
        {
          row: 10,
          message: expect.stringMatching(
            /^Unknown role 'Boss': write Learner or Admin; Several packages are titled 'Maths': write its id \(\d+ or \d+\)$/,
          ),
        },
        { row: 11, message: 'Email is required' },
        { row: 12, message: `Group name must be at most 120 characters: '${'y'.repeat(59)}…'` },
      ],
    })
    expect((await ctx.deps.db.select({ email: users.email }).from(users)).map((u) => u.email).sort()).toEqual([
      'chief@example.com',
      'fine@example.com',
      'good@example.com',
    ])
    // The skipped rows created no group either.
    expect((await ctx.deps.db.select().from(groups)).map((g) => g.name)).toEqual(['Sales'])
  })

  it('the last administrator cannot be made a learner: that row is skipped; with another admin in the file it goes', async () => {
    const alone = await importFile(ctx, admin.token, asCsv([HEADER, ['chief@example.com', '', 'Learner', '', '']]))
    expect(alone.body.data!.errors).toEqual([{ row: 2, message: 'The last administrator cannot stop being an administrator' }])
    expect((await accountOf('chief@example.com'))!.role).toBe('admin')

    const handover = await importFile(
      ctx,
      admin.token,
      asCsv([HEADER, ['chief@example.com', '', 'Learner', '', ''], ['next@example.com', 'Next Chief', 'Admin', '', '']]),
    )
    expect(handover.body.data).toMatchObject({ created: 1, updated: 1, errors: [] })
    expect((await accountOf('chief@example.com'))!.role).toBe('USER')
  })
})

describe('the file', () => {
  it('a missing column refuses the whole file with a 400 naming it; columns may come in any order and case', async () => {
    const res = await importFile(
      ctx,
      admin.token,
      asCsv([
        ['Email', 'Name', 'Packages'],
        ['a@example.com', 'A', ''],
      ]),
    )
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('The first row must name the columns Email, Name, Role, Groups and Packages; missing: Role, Groups')
    expect(await accountOf('a@example.com')).toBeUndefined()

    const twice = await importFile(
      ctx,
      admin.token,
      asCsv([
        [...HEADER, 'e-mail'],
        ['a@example.com', 'A', '', '', '', ''],
      ]),
    )
    expect(twice.status).toBe(200)
    const repeated = await importFile(
      ctx,
      admin.token,
      asCsv([
        [...HEADER, ' EMAIL '],
        ['b@example.com', 'B', '', '', '', ''],
      ]),
    )
    expect(repeated.status).toBe(400)
    expect(repeated.body.message).toBe('The column Email appears twice in the first row')

    const shuffled = await importFile(
      ctx,
      admin.token,
      await asXlsx([
        ['packages', 'Notes', 'GROUPS', 'name', 'Role', 'E mail'],
        ['Safety basics', 'ignored', 'Sales', 'Dee', 'learner', 'dee@example.com'],
      ]),
    )
    expect(shuffled.body.data).toMatchObject({ rows: 1, created: 1, errors: [] })
    expect((await accountOf('dee@example.com'))!.name).toBe('Dee')
  })

  it('an empty file, or one with no header → 400; a header alone imports nothing', async () => {
    const empty = await importFile(ctx, admin.token, { data: Buffer.alloc(0), name: 'users.csv', type: 'text/csv' })
    expect(empty.status).toBe(400)
    const blank = await importFile(ctx, admin.token, { data: Buffer.from('\r\n\r\n'), name: 'users.csv', type: 'text/csv' })
    expect(blank.status).toBe(400)
    expect(blank.body.message).toMatch(/^The first row must name the columns/)
    const headerOnly = await importFile(ctx, admin.token, asCsv([HEADER]))
    expect(headerOnly.body.data).toEqual({ rows: 0, created: 0, updated: 0, unchanged: 0, invited: 0, errors: [] })
  })

  it('more than 10,000 rows → 400 saying so, nothing stored (CSV and .xlsx)', { timeout: 120_000 }, async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => [`person${i}@example.com`, `Person ${i}`, '', '', ''])
    const message = 'The file has more than 10,000 user rows; at most 10,000 can be imported at once'
    const csvRes = await importFile(ctx, admin.token, asCsv([HEADER, ...rows(10_001)]), '?dryRun=true')
    expect(csvRes.status).toBe(400)
    expect(csvRes.body.message).toBe(message)
    const xlsxRes = await importFile(ctx, admin.token, await asXlsx([HEADER, ...rows(10_001)]))
    expect(xlsxRes.status).toBe(400)
    expect(xlsxRes.body.message).toBe(message)
    expect(await rowCount(ctx.deps.db, users)).toBe(1)

    const atLimit = await importFile(ctx, admin.token, asCsv([HEADER, ...rows(10_000)]), '?dryRun=true')
    expect(atLimit.body.data).toMatchObject({ rows: 10_000, created: 10_000, errors: [] })
  })

  // 3,000: past the 2,500 pairs at which the embedded database once failed to prepare the completion check (a 500).
  it('3,000 rows in one file, every person in a group of them all and given a package directly: all imported', {
    timeout: 300_000,
  }, async () => {
    const PEOPLE = 3_000
    const rows = Array.from({ length: PEOPLE }, (_, i) => [
      `learner${i}@example.com`,
      `Learner ${i}`,
      '',
      `Sales, Cohort ${i % 20}`,
      'Safety basics',
    ])
    const res = await importFile(ctx, admin.token, await asXlsx([HEADER, ...rows]))
    expect(res.status).toBe(200)
    expect(res.body.data).toEqual({ rows: PEOPLE, created: PEOPLE, updated: 0, unchanged: 0, invited: PEOPLE, errors: [] })
    expect(await rowCount(ctx.deps.db, users)).toBe(PEOPLE + 1)
    const [members] = await ctx.deps.db.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, sales))
    expect(members!.n).toBe(PEOPLE)
    const given = await ctx.deps.db
      .select({ packageId: userPackages.packageId, direct: userPackages.direct, n: count() })
      .from(userPackages)
      .groupBy(userPackages.packageId, userPackages.direct)
      .orderBy(userPackages.packageId)
    expect(given).toEqual([
      { packageId: safety, direct: true, n: PEOPLE },
      { packageId: onboarding, direct: false, n: PEOPLE },
    ])
    expect(await rowCount(ctx.deps.db, notifications)).toBe(2 * PEOPLE)
    expect(ctx.outbox).toHaveLength(PEOPLE)
  })

  it('CSV: semicolons, a byte order mark, quoted cells with commas and line breaks; row numbers as a spreadsheet shows them', async () => {
    const file = Buffer.from(
      '\uFEFFEmail;Name;Role;Groups;Packages\r\n' +
        'semi@example.com;"Semi, Colon";;"Sales;New";\n' +
        'multi@example.com;"Two\nLines";;;\r\n' +
        'bad;x;;;\n',
    )
    const res = await importFile(ctx, admin.token, { data: file, name: 'users.csv', type: 'text/csv' })
    expect(res.body.data).toMatchObject({
      rows: 3,
      created: 1,
      errors: [
        { row: 3, message: 'Name must not contain control characters' },
        { row: 4, message: "Email must be a valid e-mail address: 'bad'" },
      ],
    })
    expect((await accountOf('semi@example.com'))!.name).toBe('Semi, Colon')
  })

  it('an unreadable CSV (not UTF-8, an unclosed quote) → 400 saying why', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('Email,Name,Role,Groups,Packages\r\nz@example.com,Ren'),
      Buffer.from([0xe9]),
      Buffer.from(',,,\r\n'),
    ])
    const notUtf8 = await importFile(ctx, admin.token, { data: latin1, name: 'users.csv', type: 'text/csv' })
    expect(notUtf8.status).toBe(400)
    expect(notUtf8.body.message).toBe('The file is not a readable CSV file: it is not UTF-8 text. Save it as "CSV UTF-8", or as .xlsx')
    const unclosed = await importFile(ctx, admin.token, {
      data: Buffer.from('Email,Name,Role,Groups,Packages\r\nz@example.com,"Ren,,,\r\n'),
      name: 'users.csv',
      type: 'text/csv',
    })
    expect(unclosed.status).toBe(400)
    expect(unclosed.body.message).toMatch(/^The file is not a readable CSV file: Quote Not Closed/)
  })

  it('is recognised by its bytes: a PDF → 415; no file → 400; over 10 MB → 413', async () => {
    const wrong = await importFile(ctx, admin.token, { data: pdf(), name: 'users.csv', type: 'text/csv' })
    expect(wrong.status).toBe(415)
    expect(wrong.body.message).toBe('file must be an Excel .xlsx spreadsheet or a CSV file')
    const none = await upload(ctx, '/api/user/import', [{ name: 'other', data: 'x' }], admin.token)
    expect(none.status).toBe(400)
    expect(none.body.message).toBe('file file is required')
    const big = Buffer.concat([Buffer.from('Email,Name,Role,Groups,Packages\r\n'), Buffer.alloc(10 * 1024 * 1024, 0x20)])
    const tooBig = await importFile(ctx, admin.token, { data: big, name: 'users.csv', type: 'text/csv' })
    expect(tooBig.status).toBe(413)
  })
})

describe('all or nothing', () => {
  it('a failure part-way through (the last write: the notifications) stores nothing of the file', async () => {
    const before = await organisationSnapshot(ctx.deps.db)
    await ctx.deps.db.execute(sql`
      create function fail_insert() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`)
    await ctx.deps.db.execute(sql`create trigger fail_insert before insert on notifications for each row execute function fail_insert()`)
    try {
      const sheet = {
        header: HEADER,
        rows: NEW_PEOPLE()
          .slice(1)
          .map((cells, i) => ({ rowNumber: i + 2, cells })),
      }
      await expect(importUsers(ctx.deps, sheet, { dryRun: false, importedBy: admin.id })).rejects.toThrow()
    } finally {
      await ctx.deps.db.execute(sql`drop trigger fail_insert on notifications`)
      await ctx.deps.db.execute(sql`drop function fail_insert()`)
    }
    expect(await organisationSnapshot(ctx.deps.db)).toEqual(before)
    expect(ctx.outbox).toEqual([])
  })

  it('an account created for one of the e-mails between reading the accounts and creating them → 409', async () => {
    const columns = locateColumns(HEADER)
    const row = readRow({ rowNumber: 2, cells: ['race@example.com', 'Race', '', '', ''] }, columns)
    const attempt = ctx.deps.db.transaction(async (tx) => {
      const state = await loadImportState(tx, ['race@example.com'], ctx.now)
      const plan = planImport([row], state, admin.id)
      await tx.insert(users).values({ email: 'race@example.com', name: 'Registered meanwhile' })
      await applyPlan(tx, plan, state, ctx.now)
    })
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: 'An account for race@example.com was created while the file was being imported. Import the file again.',
    })
  })
})

describe('GET /api/user/import/template', () => {
  it('is an .xlsx with the five columns and a sheet saying what each takes; it imports cleanly, empty or filled in', async () => {
    const res = await ctx.app.request('/api/user/import/template', { headers: { authorization: `Bearer ${admin.token}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE)
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="user-import-template.xlsx"')
    const file = Buffer.from(await res.arrayBuffer())
    const book = new ExcelJS.Workbook()
    await book.xlsx.load(file as unknown as ArrayBuffer)
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual(['Users', 'How to fill'])
    expect((book.worksheets[0]!.getRow(1).values as unknown[]).slice(1)).toEqual(HEADER)
    const help = book.worksheets[1]!
    expect(help.getColumn(1).values.slice(2, 7)).toEqual(HEADER)
    expect(String(help.getRow(4).getCell(2).value)).toMatch(/^Learner \(or User\) or Admin/)

    const asItIs = await importFile(ctx, admin.token, { data: file, name: 'user-import-template.xlsx', type: XLSX_TYPE })
    expect(asItIs.body.data).toEqual({ rows: 0, created: 0, updated: 0, unchanged: 0, invited: 0, errors: [] })

    book.worksheets[0]!.addRow(['filled@example.com', 'Filled In', 'Learner', 'Sales', 'Safety basics'])
    const filled = Buffer.from(await book.xlsx.writeBuffer())
    const imported = await importFile(ctx, admin.token, { data: filled, name: 'user-import-template.xlsx', type: XLSX_TYPE })
    expect(imported.body.data).toEqual({ rows: 1, created: 1, updated: 0, unchanged: 0, invited: 1, errors: [] })
  })
})

it('the OpenAPI document describes the import (dryRun, the file) and the invitation route', async () => {
  const document = (await ctx.request('GET', '/api/openapi.json')).body as unknown as OpenApiDocument
  const post = document.paths['/api/user/import']!.post as {
    parameters?: { name: string; in: string }[]
    requestBody?: { content: Record<string, { schema: { required?: string[] } }> }
  }
  expect(post.parameters?.some((p) => p.in === 'query' && p.name === 'dryRun')).toBe(true)
  expect(post.requestBody?.content['multipart/form-data']?.schema.required).toEqual(['file'])
  expect(document.paths['/api/user/import/template']?.get).toBeDefined()
  expect(document.paths['/api/user/accept-invitation']?.post).toBeDefined()
})
