import { relations, sql } from 'drizzle-orm'
import { boolean, check, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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

/** Content tree. Children cascade on delete, so removing a parent removes everything under it in one statement. */
export const packages = pgTable('packages', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull(),
  price: numeric('price', { precision: 10, scale: 2 }).notNull(),
  createdAt: createdAt(),
})

export const skills = pgTable(
  'skills',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('skills_package_idx').on(t.packageId)],
)

export const topics = pgTable(
  'topics',
  {
    id: serial('id').primaryKey(),
    skillId: integer('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('topics_skill_idx').on(t.skillId)],
)

export const subTopics = pgTable(
  'sub_topics',
  {
    id: serial('id').primaryKey(),
    topicId: integer('topic_id')
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sub_topics_topic_idx').on(t.topicId)],
)

export const packagesRelations = relations(packages, ({ many }) => ({ skills: many(skills) }))
export const skillsRelations = relations(skills, ({ one, many }) => ({
  package: one(packages, { fields: [skills.packageId], references: [packages.id] }),
  topics: many(topics),
}))
export const topicsRelations = relations(topics, ({ one, many }) => ({
  skill: one(skills, { fields: [topics.skillId], references: [skills.id] }),
  subTopics: many(subTopics),
}))
export const subTopicsRelations = relations(subTopics, ({ one }) => ({
  topic: one(topics, { fields: [subTopics.topicId], references: [topics.id] }),
}))

export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert
