import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    givenName: text('given_name'),
    familyName: text('family_name'),
    pictureUrl: text('picture_url'),
    locale: text('locale'),
    /** scrypt hash; null for Google-only accounts, which therefore have no usable password. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject'),
    role: text('role', { enum: ['admin', 'USER'] }).notNull().default('USER'),
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_google_subject_unique').on(t.googleSubject),
    check('users_role_check', sql`${t.role} in ('admin', 'USER')`),
  ],
)

/** Failed password logins, kept in the database so several server instances share the limit. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    clientAddress: text('client_address').notNull(),
    failedAt: timestamp('failed_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    index('login_failures_email_idx').on(t.email, t.failedAt),
    index('login_failures_address_idx').on(t.clientAddress, t.failedAt),
  ],
)

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert
