import type { Change, ChangeFeed } from './change-feed.ts'
import { parseChange } from './change-feed.ts'
import type { Db } from './client.ts'
import { attachChangeFeed, invalidatedCache, packageScopedCache } from './invalidated-cache.ts'

/** A feed the test drives: live or down, and changes delivered when the test says. */
function fakeFeed() {
  const listeners: ((change: Change) => void)[] = []
  const state = { live: true }
  const deliver = (change: Change) => {
    for (const listener of listeners) listener(change)
  }
  const feed: ChangeFeed = {
    name: 'fake',
    get live() {
      return state.live
    },
    subscribe: (listener) => void listeners.push(listener),
    clearAll: () => deliver({ kind: 'all' }),
    settled: async () => undefined,
    close: async () => undefined,
  }
  return { feed, state, deliver }
}

function setup() {
  const db = {} as Db
  const { feed, state, deliver } = fakeFeed()
  attachChangeFeed(db, feed)
  const cache = invalidatedCache<{ role: string }>('user', 2)
  let loads = 0
  const rows = new Map<number, { role: string }>([
    [1, { role: 'admin' }],
    [2, { role: 'USER' }],
    [3, { role: 'USER' }],
  ])
  const load = (id: number) => () => {
    loads++
    return Promise.resolve(rows.get(id))
  }
  return { db, state, deliver, cache, rows, load, loads: () => loads }
}

describe('a cache invalidated by the change feed', () => {
  it('answers from memory while the feed is live, and reads again once a change names the id', async () => {
    const t = setup()
    expect(await t.cache.get(t.db, 1, t.load(1))).toEqual({ role: 'admin' })
    expect(await t.cache.get(t.db, 1, t.load(1))).toEqual({ role: 'admin' })
    expect(t.loads()).toBe(1)
    t.rows.set(1, { role: 'USER' })
    t.deliver({ kind: 'package', id: 1 })
    expect(await t.cache.get(t.db, 1, t.load(1))).toEqual({ role: 'admin' }) // another kind: not this cache's row
    t.deliver({ kind: 'user', id: 1 })
    expect(await t.cache.get(t.db, 1, t.load(1))).toEqual({ role: 'USER' })
    expect(t.loads()).toBe(2)
  })

  it('reads every time while the feed is down, and starts from nothing when it is back', async () => {
    const t = setup()
    await t.cache.get(t.db, 1, t.load(1))
    t.state.live = false
    t.deliver({ kind: 'all' }) // what the feed does when its connection drops
    t.rows.set(1, { role: 'USER' })
    expect(await t.cache.get(t.db, 1, t.load(1))).toEqual({ role: 'USER' })
    expect(await t.cache.get(t.db, 1, t.load(1))).toEqual({ role: 'USER' })
    expect(t.loads()).toBe(3)
    t.state.live = true
    await t.cache.get(t.db, 1, t.load(1))
    await t.cache.get(t.db, 1, t.load(1))
    expect(t.loads()).toBe(4)
  })

  it('does not keep a row loaded while a change arrived: it may be the old one', async () => {
    const t = setup()
    const stale = t.cache.get(t.db, 2, async () => {
      const row = { ...t.rows.get(2)! }
      t.rows.set(2, { role: 'admin' })
      t.deliver({ kind: 'user', id: 2 })
      return row
    })
    expect(await stale).toEqual({ role: 'USER' })
    expect(await t.cache.get(t.db, 2, t.load(2))).toEqual({ role: 'admin' })
  })

  it("keeps a row loaded while only another kind's change arrived", async () => {
    const t = setup()
    await t.cache.get(t.db, 2, async () => {
      t.deliver({ kind: 'account', id: 2 })
      t.deliver({ kind: 'package', id: 2 })
      return t.rows.get(2)
    })
    await t.cache.get(t.db, 2, t.load(2))
    expect(t.loads()).toBe(0)
  })

  it('keeps no answer for a missing row, and at most its bound of rows', async () => {
    const t = setup()
    expect(await t.cache.get(t.db, 9, t.load(9))).toBeUndefined()
    expect(await t.cache.get(t.db, 9, t.load(9))).toBeUndefined()
    expect(t.loads()).toBe(2)
    for (const id of [1, 2, 3]) await t.cache.get(t.db, id, t.load(id))
    await t.cache.get(t.db, 1, t.load(1)) // the least recently used went out
    expect(t.loads()).toBe(6)
  })

  it('reads through for a transaction or any Db without a feed', async () => {
    const t = setup()
    const tx = {} as Db
    await t.cache.get(tx, 1, t.load(1))
    await t.cache.get(tx, 1, t.load(1))
    expect(t.loads()).toBe(2)
  })
})

describe('a cache of rows under packages', () => {
  function scoped() {
    const db = {} as Db
    const { feed, state, deliver } = fakeFeed()
    attachChangeFeed(db, feed)
    const cache = packageScopedCache<{ title: string }>(10)
    let loads = 0
    const rows = new Map([[1, { packageId: 7, value: { title: 'One' } }]])
    const load = () => {
      loads++
      return Promise.resolve(rows.get(1))
    }
    return { db, state, deliver, cache, rows, load, loads: () => loads }
  }

  it("drops a row when its package changes, and keeps it when another package's does", async () => {
    const t = scoped()
    await t.cache.get(t.db, 1, t.load)
    t.deliver({ kind: 'package', id: 8 })
    t.deliver({ kind: 'user', id: 7 })
    await t.cache.get(t.db, 1, t.load)
    expect(t.loads()).toBe(1)
    t.rows.set(1, { packageId: 7, value: { title: 'Two' } })
    t.deliver({ kind: 'package', id: 7 })
    expect(await t.cache.get(t.db, 1, t.load)).toEqual({ packageId: 7, value: { title: 'Two' } })
    t.deliver({ kind: 'all' })
    await t.cache.get(t.db, 1, t.load)
    expect(t.loads()).toBe(3)
  })

  it('does not keep a row loaded while its package changed, and reads every time while the feed is down', async () => {
    const t = scoped()
    await t.cache.get(t.db, 1, async () => {
      t.deliver({ kind: 'package', id: 7 })
      return t.load()
    })
    await t.cache.get(t.db, 1, t.load)
    expect(t.loads()).toBe(2)
    t.state.live = false
    await t.cache.get(t.db, 1, t.load)
    await t.cache.get(t.db, 1, t.load)
    expect(t.loads()).toBe(4)
  })
})

describe('a cache of rows under packages, read several at once', () => {
  it('loads only the missing rows, together, and keeps none whose package changed during the load', async () => {
    const db = {} as Db
    const { feed, state, deliver } = fakeFeed()
    attachChangeFeed(db, feed)
    const cache = packageScopedCache<string>(10)
    const asked: number[][] = []
    const loadMany = async (ids: number[]) => {
      asked.push(ids)
      if (ids.includes(2)) deliver({ kind: 'package', id: 2 })
      return new Map(ids.map((id) => [id, { packageId: id, value: `row ${id}` }]))
    }
    expect([...(await cache.getMany(db, [1, 2, 1], loadMany)).keys()]).toEqual([1, 2])
    await cache.getMany(db, [1, 2, 3], loadMany)
    expect(asked).toEqual([
      [1, 2],
      [2, 3],
    ])
    state.live = false
    await cache.getMany(db, [3], loadMany)
    expect(asked.at(-1)).toEqual([3])
  })
})

describe('change payloads', () => {
  it("reads its own schema's, ignores another schema's, and forgets everything for one it cannot read", () => {
    expect(parseChange('public/user:12', 'public')).toEqual({ kind: 'user', id: 12 })
    expect(parseChange('public/access:3', 'public')).toEqual({ kind: 'access', id: 3 })
    expect(parseChange('public/package:7', 'public')).toEqual({ kind: 'package', id: 7 })
    expect(parseChange('public/account:8', 'public')).toEqual({ kind: 'account', id: 8 })
    expect(parseChange('public/sitting:9', 'public')).toEqual({ kind: 'sitting', id: 9 })
    expect(parseChange('t_ab12/user:12', 'public')).toBeNull()
    expect(parseChange('learnpack-change-feed:123:4', 'public')).toBeNull()
    expect(parseChange('public/session:1', 'public')).toEqual({ kind: 'all' })
  })
})
