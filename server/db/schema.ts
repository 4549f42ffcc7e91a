import { relations, sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { searchDocument } from '../search/documents.ts'
import { DEFAULT_REMINDER_DAYS } from '../../contract/rules.ts'

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
    role: text('role', { enum: ['admin', 'USER'] })
      .notNull()
      .default('USER'),
    emailVerified: boolean('email_verified').notNull().default(false),
    /** Every session token carries this number; raising it ends all of the account's sessions at once. */
    sessionVersion: integer('session_version').notNull().default(0),
    /** The session version 'Sign out everywhere' last moved to: a token older than it was ended by signing out everywhere. */
    signedOutEverywhereVersion: integer('signed_out_everywhere_version').notNull().default(0),
    /** The learner's Settings switch: due-date reminders by e-mail (the in-app notification is sent either way). */
    reminderEmails: boolean('reminder_emails').notNull().default(true),
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
  (t) => [index('login_failures_email_idx').on(t.email, t.failedAt), index('login_failures_address_idx').on(t.clientAddress, t.failedAt)],
)

/** Content tree. Children cascade on delete, so removing a parent removes everything under it in one statement. */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    price: numeric('price', { precision: 10, scale: 2 }).notNull(),
    /** Bumped in the same transaction as every write under the package: the validator of its cached reads (ETag). */
    contentVersion: integer('content_version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('packages_search_idx').using('gin', searchDocument(t.title, t.description))],
)

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
  (t) => [index('skills_package_idx').on(t.packageId), index('skills_search_idx').using('gin', searchDocument(t.title, t.description))],
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
  (t) => [index('topics_skill_idx').on(t.skillId), index('topics_search_idx').using('gin', searchDocument(t.title, t.description))],
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
  (t) => [index('sub_topics_topic_idx').on(t.topicId), index('sub_topics_search_idx').using('gin', searchDocument(t.title, t.description))],
)

/** Reminder offsets when an assignment names none: the contract's, so the screens show the same. */
export { DEFAULT_REMINDER_DAYS }

/**
 * Which learner may study which package: a pair exists once, whatever the number of ways it was assigned. `direct`
 * says an admin assigned it to the learner (with its own due settings); a pair that only groups give is not direct,
 * and goes when the last such group does. `completedAt` is set once, when the package's progress first reaches 100 %.
 */
export const userPackages = pgTable(
  'user_packages',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    direct: boolean('direct').notNull().default(true),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    dueDays: integer('due_days'),
    reminderDays: jsonb('reminder_days').$type<number[]>().notNull().default(DEFAULT_REMINDER_DAYS),
    completedAt: timestamp('completed_at', { withTimezone: true, mode: 'date' }),
    /** Certificates' renewal: cycle 1 is the first pass; each recertification starts the next one. */
    cycle: integer('cycle').notNull().default(1),
    /** When the current cycle began (null in cycle 1): only test attempts from then on count towards its progress. */
    cycleStartedAt: timestamp('cycle_started_at', { withTimezone: true, mode: 'date' }),
    /** In a renewal cycle, the date to recertify by: the cycle's due date, whatever other due dates say. */
    recertifyBy: timestamp('recertify_by', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('user_packages_pair_unique').on(t.userId, t.packageId),
    index('user_packages_package_idx').on(t.packageId),
    check('user_packages_due_days_check', sql`${t.dueDays} is null or ${t.dueDays} >= 1`),
  ],
)

/** Named sets of learners; a package assigned to a group is assigned to every member, present or future. */
export const groups = pgTable(
  'groups',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_name_unique').on(sql`lower(${t.name})`)],
)

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
)

/** A package assigned to a group, with the due settings its members get through it. */
export const groupPackages = pgTable(
  'group_packages',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }),
    dueDays: integer('due_days'),
    reminderDays: jsonb('reminder_days').$type<number[]>().notNull().default(DEFAULT_REMINDER_DAYS),
  },
  (t) => [
    primaryKey({ columns: [t.groupId, t.packageId] }),
    index('group_packages_package_idx').on(t.packageId),
    check('group_packages_due_days_check', sql`${t.dueDays} is null or ${t.dueDays} >= 1`),
  ],
)

/** In-app notifications, each for one user. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
)

/**
 * One row per reminder sent: the primary key is what makes a reminder go exactly once per learner, package and
 * offset, whichever instance's tick claims it first.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    offsetDays: integer('offset_days').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.packageId, t.offsetDays] })],
)

/** Single-use links sent by mail (e-mail verification, password reset); only a SHA-256 of the token is kept. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `invite`: a new account from the user import sets its first password (and so verifies its e-mail). */
    purpose: text('purpose', { enum: ['verify', 'reset', 'invite'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_tokens_hash_unique').on(t.tokenHash), index('email_tokens_user_idx').on(t.userId, t.purpose)],
)

/** Throttled actions (mail requests), kept in the database so every server instance sees them. */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: serial('id').primaryKey(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('throttle_events_lookup_idx').on(t.bucket, t.key, t.at)],
)

/** A package's certificate rules; a package without a row issues none. */
export const certificateSettings = pgTable(
  'certificate_settings',
  {
    packageId: integer('package_id')
      .primaryKey()
      .references(() => packages.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    /** Null: certificates of this package never expire. */
    validityMonths: integer('validity_months'),
    renewDaysBefore: integer('renew_days_before').notNull().default(30),
  },
  (t) => [
    check('certificate_settings_validity_check', sql`${t.validityMonths} is null or ${t.validityMonths} >= 1`),
    check('certificate_settings_renew_check', sql`${t.renewDaysBefore} >= 0`),
  ],
)

/**
 * Certificates issued on completing a package, one per learner, package and cycle. The learner's name and the
 * package's title are kept as printed, so a certificate still verifies after either changes or the package goes.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: serial('id').primaryKey(),
    /** The public verification code: random, URL-safe. */
    code: text('code').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'set null' }),
    cycle: integer('cycle').notNull(),
    learnerName: text('learner_name').notNull(),
    packageTitle: text('package_title').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    revokeReason: text('revoke_reason'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    /** When the learner's renewal cycle began for this certificate (set once, by the tick that began it). */
    renewalStartedAt: timestamp('renewal_started_at', { withTimezone: true, mode: 'date' }),
    /** When the issue e-mail was claimed for sending (null: not yet). */
    mailedAt: timestamp('mailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('certificates_code_unique').on(t.code),
    uniqueIndex('certificates_cycle_unique').on(t.userId, t.packageId, t.cycle),
    index('certificates_package_idx').on(t.packageId),
    index('certificates_renewal_idx').on(t.expiresAt).where(sql`${t.renewalStartedAt} is null and ${t.revokedAt} is null`),
  ],
)

/** A learner's video progress of an earlier cycle of a package, kept when a renewal cycle starts afresh. */
export const videoProgressHistory = pgTable(
  'video_progress_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    cycle: integer('cycle').notNull(),
    position: doublePrecision('position').notNull(),
    watched: jsonb('watched').$type<[number, number][]>().notNull(),
    watchedSeconds: doublePrecision('watched_seconds').notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true, mode: 'date' }).notNull(),
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId, t.cycle] })],
)

export const usersRelations = relations(users, ({ many }) => ({ packages: many(userPackages) }))
export const userPackagesRelations = relations(userPackages, ({ one }) => ({
  user: one(users, { fields: [userPackages.userId], references: [users.id] }),
  package: one(packages, { fields: [userPackages.packageId], references: [packages.id] }),
}))

/** Every stored blob: its random key, what it is, and the uploader's (sanitised) file name as metadata only. */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  originalName: text('original_name').notNull(),
  createdAt: createdAt(),
})

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    subTopicId: integer('sub_topic_id')
      .notNull()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
    thumbnailKey: text('thumbnail_key')
      .notNull()
      .references(() => storedFiles.key),
    noOfViews: integer('no_of_views').notNull().default(0),
    /** Read from the container at upload; null until the startup backfill has read a video stored before it existed. */
    durationSeconds: doublePrecision('duration_seconds'),
    createdAt: createdAt(),
  },
  (t) => [index('videos_sub_topic_idx').on(t.subTopicId), index('videos_search_idx').using('gin', searchDocument(t.title))],
)

/**
 * How much of a video one user has watched, from their heartbeats. `watched` holds the merged, credited ranges in
 * seconds. Admins' heartbeats are kept apart (`byAdmin`), so they never count as a learner's progress.
 */
export const videoProgress = pgTable(
  'video_progress',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    byAdmin: boolean('by_admin').notNull(),
    position: doublePrecision('position').notNull(),
    watched: jsonb('watched').$type<[number, number][]>().notNull(),
    watchedSeconds: doublePrecision('watched_seconds').notNull(),
    lastHeartbeatAt: timestamp('last_heartbeat_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.videoId, t.byAdmin] }), index('video_progress_video_idx').on(t.videoId)],
)

/**
 * A SCORM package uploaded to a sub-topic: its manifest's title and edition; its files are rows of `scorm_files`
 * (each under its own random storage key) and its launchable items rows of `scorm_scos`, in manifest order.
 */
export const scormPackages = pgTable(
  'scorm_packages',
  {
    id: serial('id').primaryKey(),
    subTopicId: integer('sub_topic_id')
      .notNull()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** '1.2', '2004-2', '2004-3' or '2004-4' (the edition decides the data model's limits). */
    edition: text('edition').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('scorm_packages_sub_topic_idx').on(t.subTopicId)],
)

/** A launchable item of a package: its manifest identifier, title and launch path (with the item's parameters). */
export const scormScos = pgTable(
  'scorm_scos',
  {
    id: serial('id').primaryKey(),
    packageId: integer('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    identifier: text('identifier').notNull(),
    title: text('title').notNull(),
    href: text('href').notNull(),
  },
  (t) => [uniqueIndex('scorm_scos_package_identifier').on(t.packageId, t.identifier)],
)

/** A file of a package: its path inside the package and the stored blob holding it. */
export const scormFiles = pgTable(
  'scorm_files',
  {
    packageId: integer('package_id')
      .notNull()
      .references(() => scormPackages.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.path] }), index('scorm_files_key_idx').on(t.fileKey)],
)

/**
 * One user's run-time data of one SCO (an admin's preview kept apart, as with videos): the elements the server
 * reads back at launch and counts in progress. `status` is SCORM 1.2's lesson_status or 2004's completion_status.
 */
export const scormCmi = pgTable(
  'scorm_cmi',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scoId: integer('sco_id')
      .notNull()
      .references(() => scormScos.id, { onDelete: 'cascade' }),
    byAdmin: boolean('by_admin').notNull(),
    status: text('status').notNull(),
    /** SCORM 2004's success_status ('passed', 'failed', 'unknown'); null for 1.2. */
    successStatus: text('success_status'),
    scoreRaw: doublePrecision('score_raw'),
    scoreMin: doublePrecision('score_min'),
    scoreMax: doublePrecision('score_max'),
    scoreScaled: doublePrecision('score_scaled'),
    location: text('location').notNull().default(''),
    suspendData: text('suspend_data').notNull().default(''),
    /** The exit the SCO set last: 'suspend' makes the next launch a resume. */
    exit: text('exit').notNull().default(''),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.scoId, t.byAdmin] }), index('scorm_cmi_sco_idx').on(t.scoId)],
)

/** One counted play per user, video and hour. */
/**
 * Each user's one watching budget, shared by all their videos, tabs and server instances: seconds a heartbeat may
 * still credit, and heartbeats they may still send (both refill with time since `refilledAt`).
 */
export const watchCredit = pgTable('watch_credit', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  seconds: doublePrecision('seconds').notNull(),
  heartbeats: doublePrecision('heartbeats').notNull(),
  refilledAt: timestamp('refilled_at', { withTimezone: true, mode: 'date' }).notNull(),
})

export const videoViews = pgTable(
  'video_views',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hour: timestamp('hour', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [uniqueIndex('video_views_once_per_hour').on(t.videoId, t.userId, t.hour)],
)

export const studyMaterials = pgTable(
  'study_materials',
  {
    id: serial('id').primaryKey(),
    subTopicId: integer('sub_topic_id')
      .notNull()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    fileKey: text('file_key')
      .notNull()
      .references(() => storedFiles.key),
    version: integer('version').notNull(),
    isLatest: boolean('is_latest').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('study_materials_sub_topic_idx').on(t.subTopicId, t.name),
    index('study_materials_search_idx').using('gin', searchDocument(t.name)),
  ],
)

export const mcqs = pgTable(
  'mcqs',
  {
    id: serial('id').primaryKey(),
    subTopicId: integer('sub_topic_id')
      .notNull()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    question: text('question').notNull(),
    /** JSON object text {"A": "...", "B": "..."}, as the SPA expects. */
    options: text('options').notNull(),
    /** Comma-joined letters, e.g. "B,D". */
    correctOption: text('correct_option').notNull(),
    /** Shown to learners after grading when the sub-topic's review policy allows it. */
    explanation: text('explanation'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('mcqs_sub_topic_idx').on(t.subTopicId)],
)

export const videosRelations = relations(videos, ({ one }) => ({
  subTopic: one(subTopics, { fields: [videos.subTopicId], references: [subTopics.id] }),
  file: one(storedFiles, { fields: [videos.fileKey], references: [storedFiles.key] }),
  thumbnail: one(storedFiles, { fields: [videos.thumbnailKey], references: [storedFiles.key] }),
}))
export const studyMaterialsRelations = relations(studyMaterials, ({ one }) => ({
  subTopic: one(subTopics, { fields: [studyMaterials.subTopicId], references: [subTopics.id] }),
  file: one(storedFiles, { fields: [studyMaterials.fileKey], references: [storedFiles.key] }),
}))
export const mcqsRelations = relations(mcqs, ({ one }) => ({
  subTopic: one(subTopics, { fields: [mcqs.subTopicId], references: [subTopics.id] }),
}))

/** A learner's review of a package or of a skill (exactly one of the two); one per learner and target. */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id').references(() => packages.id, { onDelete: 'cascade' }),
    skillId: integer('skill_id').references(() => skills.id, { onDelete: 'cascade' }),
    presentationRating: integer('presentation_rating').notNull(),
    rating: integer('rating').notNull(),
    reviewText: text('review_text').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_one_target', sql`(${t.packageId} is null) <> (${t.skillId} is null)`),
    check('reviews_rating_range', sql`${t.presentationRating} between 1 and 5 and ${t.rating} between 1 and 5`),
    uniqueIndex('reviews_user_package_unique').on(t.userId, t.packageId),
    uniqueIndex('reviews_user_skill_unique').on(t.userId, t.skillId),
    index('reviews_package_idx').on(t.packageId),
    index('reviews_skill_idx').on(t.skillId),
  ],
)

/** A comment with a 1–5 rating on a video. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    rating: integer('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('comments_rating_range', sql`${t.rating} between 1 and 5`), index('comments_video_idx').on(t.videoId, t.createdAt)],
)

/** One graded attempt of one sub-topic; a multi-sub-topic test stores one per sub-topic. */
/** A sub-topic's test settings. No row means the defaults (the behaviour before settings existed). */
export const testSettings = pgTable(
  'test_settings',
  {
    subTopicId: integer('sub_topic_id')
      .primaryKey()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    passMark: integer('pass_mark').notNull().default(60),
    /** 0 = unlimited. */
    maxAttempts: integer('max_attempts').notNull().default(0),
    /** 0 = no time limit. */
    timeLimitMinutes: integer('time_limit_minutes').notNull().default(0),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** 0 = every question. */
    drawCount: integer('draw_count').notNull().default(0),
    reviewPolicy: text('review_policy', { enum: ['never', 'score', 'answers', 'answers_and_explanations'] })
      .notNull()
      .default('answers'),
    reviewAfterLastAttemptOnly: boolean('review_after_last_attempt_only').notNull().default(false),
    scoring: text('scoring', { enum: ['all_or_nothing', 'partial'] })
      .notNull()
      .default('all_or_nothing'),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('test_settings_pass_mark', sql`${t.passMark} between 0 and 100`),
    check('test_settings_max_attempts', sql`${t.maxAttempts} >= 0`),
    check('test_settings_time_limit', sql`${t.timeLimitMinutes} >= 0`),
    check('test_settings_draw_count', sql`${t.drawCount} >= 0`),
  ],
)

/**
 * One sitting of a test: the questions drawn for it and their order (questions and options) are pinned here when
 * it starts, answers are autosaved into it, and it is graded once. `setKey` is the sorted, comma-joined sub-topic
 * ids, so starting the same set again while a sitting is open returns that sitting.
 */
export const mcqSittings = pgTable(
  'mcq_sittings',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    setKey: text('set_key').notNull(),
    subTopicIds: jsonb('sub_topic_ids').$type<number[]>().notNull(),
    /** 'test' counts towards limits and progress; 'mistakes' is practice and does not. */
    mode: text('mode', { enum: ['test', 'mistakes'] }).notNull(),
    /** In display order: each question's id, its sub-topic and its option letters in display order. */
    questions: jsonb('questions').$type<{ mcqId: number; subTopicId: number; optionOrder: string[] }[]>().notNull(),
    /** The last autosaved answers: mcq id → chosen letters. */
    answers: jsonb('answers').$type<Record<string, string[]>>().notNull().default({}),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** The latest of the sub-topics' deadlines; null when one of them has no time limit. */
    deadline: timestamp('deadline', { withTimezone: true, mode: 'date' }),
    /** Each timed sub-topic's own deadline (ISO), by sub-topic id: its answers freeze after it. */
    subTopicDeadlines: jsonb('sub_topic_deadlines').$type<Record<string, string>>().notNull().default({}),
    answersSavedAt: timestamp('answers_saved_at', { withTimezone: true, mode: 'date' }),
    gradedAt: timestamp('graded_at', { withTimezone: true, mode: 'date' }),
    submissionId: text('submission_id'),
  },
  (t) => [
    uniqueIndex('mcq_sittings_open_unique').on(t.userId, t.setKey, t.mode).where(sql`${t.gradedAt} is null`),
    index('mcq_sittings_user_idx').on(t.userId, t.startedAt),
    index('mcq_sittings_open_deadline_idx').on(t.deadline).where(sql`${t.gradedAt} is null`),
  ],
)

/** One more attempt at a sub-topic's test, given to a learner by an admin (who and when kept). */
export const mcqAttemptGrants = pgTable(
  'mcq_attempt_grants',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subTopicId: integer('sub_topic_id')
      .notNull()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('mcq_attempt_grants_user_idx').on(t.userId, t.subTopicId)],
)

export const mcqAttempts = pgTable(
  'mcq_attempts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subTopicId: integer('sub_topic_id')
      .notNull()
      .references(() => subTopics.id, { onDelete: 'cascade' }),
    /** Counts the learner's graded (non-practice) attempts of the sub-topic; practice attempts carry 0. */
    attemptNumber: integer('attempt_number').notNull(),
    /** Fractional under partial scoring. */
    score: doublePrecision('score').notNull(),
    totalMarks: integer('total_marks').notNull(),
    /** The pass mark (percent) in force when the attempt was graded, and whether the score reached it. */
    passMark: integer('pass_mark').notNull().default(60),
    passed: boolean('passed').notNull().default(false),
    /** Graded after the deadline (plus grace): the last autosaved answers were graded, not the late ones. */
    late: boolean('late').notNull().default(false),
    /** A 'Practise my mistakes' sitting: counts towards neither limits nor progress. */
    practice: boolean('practice').notNull().default(false),
    sittingId: text('sitting_id').references(() => mcqSittings.id, { onDelete: 'set null' }),
    /** The client's id for one submission, so a repeated submit stores nothing twice. */
    submissionId: text('submission_id'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('mcq_attempts_number_unique').on(t.userId, t.subTopicId, t.attemptNumber).where(sql`${t.practice} = false`),
    uniqueIndex('mcq_attempts_submission_unique').on(t.userId, t.submissionId, t.subTopicId),
    uniqueIndex('mcq_attempts_sitting_unique').on(t.sittingId, t.subTopicId),
    index('mcq_attempts_sub_topic_idx').on(t.subTopicId, t.attemptedAt),
  ],
)

/** Per question of an attempt: what was chosen and whether it was right (for the per-question report). */
export const mcqAttemptAnswers = pgTable(
  'mcq_attempt_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => mcqAttempts.id, { onDelete: 'cascade' }),
    mcqId: integer('mcq_id')
      .notNull()
      .references(() => mcqs.id, { onDelete: 'cascade' }),
    chosen: text('chosen').notNull(),
    correct: boolean('correct').notNull(),
  },
  (t) => [uniqueIndex('mcq_attempt_answers_unique').on(t.attemptId, t.mcqId), index('mcq_attempt_answers_mcq_idx').on(t.mcqId)],
)

export const packagesRelations = relations(packages, ({ many }) => ({ skills: many(skills), assignments: many(userPackages) }))
export const skillsRelations = relations(skills, ({ one, many }) => ({
  package: one(packages, { fields: [skills.packageId], references: [packages.id] }),
  topics: many(topics),
}))
export const topicsRelations = relations(topics, ({ one, many }) => ({
  skill: one(skills, { fields: [topics.skillId], references: [skills.id] }),
  subTopics: many(subTopics),
}))
export const subTopicsRelations = relations(subTopics, ({ one, many }) => ({
  topic: one(topics, { fields: [subTopics.topicId], references: [topics.id] }),
  videos: many(videos),
  studyMaterials: many(studyMaterials),
  mcqs: many(mcqs),
  scormPackages: many(scormPackages),
}))
export const scormPackagesRelations = relations(scormPackages, ({ one, many }) => ({
  subTopic: one(subTopics, { fields: [scormPackages.subTopicId], references: [subTopics.id] }),
  scos: many(scormScos),
}))
export const scormScosRelations = relations(scormScos, ({ one }) => ({
  package: one(scormPackages, { fields: [scormScos.packageId], references: [scormPackages.id] }),
}))

/**
 * A learner asking for a package not assigned to them. At most one open request per learner and package; an admin
 * closes it by assigning the package or dismissing the request (who and when are kept).
 */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'assigned', 'dismissed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true, mode: 'date' }),
    resolvedBy: integer('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('access_requests_open_unique').on(t.userId, t.packageId).where(sql`${t.status} = 'open'`),
    index('access_requests_user_created_idx').on(t.userId, t.createdAt),
    check('access_requests_status_check', sql`${t.status} in ('open', 'assigned', 'dismissed')`),
  ],
)

export type UserRow = typeof users.$inferSelect
