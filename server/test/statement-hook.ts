import type { Database } from '../db/client.ts'

/** The connection a hooked statement is about to go out on (a transaction's own, or the pool's). */
export interface HookedConnection {
  query(text: string): Promise<{ rows: Record<string, unknown>[] }>
}

type Query = (...args: unknown[]) => Promise<unknown>
interface Queryable {
  query: Query
}

const textOf = (query: unknown) => (typeof query === 'string' ? query : ((query as { text?: string }).text ?? ''))

/**
 * Runs `before` once, just before the first statement whose text `matches` is sent (inside a transaction or not),
 * and sends the statement when it has finished: a test puts other work between two statements of one request.
 * Returns the function that takes the hook off.
 */
export function beforeStatement(
  database: Database,
  matches: (text: string) => boolean,
  before: (connection: HookedConnection) => Promise<void>,
): () => void {
  const client = (database.db as unknown as { $client: Queryable & Record<string, unknown> }).$client
  let armed = true
  const patched: { target: Record<string, unknown>; key: string }[] = []
  // Own properties over the prototype's methods; taking them off restores the methods.
  const patch = (target: Record<string, unknown>, key: string, value: unknown, restore = true) => {
    Object.defineProperty(target, key, { value, configurable: true, writable: true })
    if (restore) patched.push({ target, key })
  }
  const hookQuery = (connection: Queryable & Record<string, unknown>, restore = true) => {
    const original = connection.query.bind(connection)
    patch(
      connection,
      'query',
      async (...args: unknown[]) => {
        if (armed && matches(textOf(args[0]))) {
          armed = false
          await before({ query: (text) => original(text) as ReturnType<HookedConnection['query']> })
        }
        return original(...args)
      },
      restore,
    )
  }
  hookQuery(client)
  if (database.kind === 'postgres') {
    // A transaction runs on a connection of its own, taken from the pool (the pool's own `query` takes one with a
    // callback: that one is left alone, the pool's `query` is hooked).
    const connect = (client.connect as (...args: unknown[]) => Promise<Queryable & Record<string, unknown>>).bind(client)
    patch(client, 'connect', async (...args: unknown[]) => {
      if (args.length) return connect(...args)
      const connection = await connect()
      if (armed) hookQuery(connection)
      return connection
    })
  } else {
    const transaction = (client.transaction as (work: (tx: unknown) => Promise<unknown>) => Promise<unknown>).bind(client)
    patch(client, 'transaction', (work: (tx: Queryable & Record<string, unknown>) => Promise<unknown>) =>
      transaction((tx) => {
        // The embedded database's transaction object lives as long as its transaction, with `query` its own.
        hookQuery(tx as Queryable & Record<string, unknown>, false)
        return work(tx as Queryable & Record<string, unknown>)
      }),
    )
  }
  return () => {
    armed = false
    for (const { target, key } of patched.reverse()) delete target[key]
  }
}
