import { type SQL, sql } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import { SEARCH_MAX_HITS, type SearchHit, type SearchHitKind } from '../../contract/search.ts'
import { rowsOf } from '../db/raw-rows.ts'
import type { Db } from '../db/client.ts'
import { packages, skills, studyMaterials, subTopics, topics, videos } from '../db/schema.ts'
import type { AuthUser } from '../deps.ts'
import { searchDocument } from './documents.ts'
import { toPrefixQuery } from './query-text.ts'

interface HitRow {
  kind: SearchHitKind
  id: number
  title: string
  package_id: number
  package_title: string
  skill_id: number | null
  skill_title: string | null
  topic_id: number | null
  topic_title: string | null
  sub_topic_id: number | null
  sub_topic_title: string | null
  assigned: boolean
}

const place = (id: number | null, title: string | null) => (id === null ? null : { id: Number(id), title: title ?? '' })

/**
 * One search over the content tree: packages, skills, topics, sub-topics, video titles and study-material names
 * (never questions), best matches first, at most SEARCH_MAX_HITS. Admins find everything. A learner finds
 * everything inside the packages assigned to them, and of the other packages only the package itself, as the
 * catalogue shows it.
 */
export async function searchContent(db: Db, viewer: AuthUser, text: string): Promise<SearchHit[]> {
  const prefixQuery = toPrefixQuery(text)
  if (!prefixQuery) return []
  const query = sql`to_tsquery('simple', ${prefixQuery})`
  // A title match outranks a description match.
  const rank = (title: AnyPgColumn, document: SQL) => sql`ts_rank(${searchDocument(title)}, ${query}) * 2 + ts_rank(${document}, ${query})`
  const matches = (document: SQL) => sql`${document} @@ ${query}`

  const packageDoc = searchDocument(packages.title, packages.description)
  const skillDoc = searchDocument(skills.title, skills.description)
  const topicDoc = searchDocument(topics.title, topics.description)
  const subTopicDoc = searchDocument(subTopics.title, subTopics.description)
  const videoDoc = searchDocument(videos.title)
  const materialDoc = searchDocument(studyMaterials.name)

  const allowed =
    viewer.role === 'admin'
      ? sql`true`
      : sql`exists (select 1 from user_packages up where up.package_id = found.package_id and up.user_id = ${viewer.id})`
  const visible = viewer.role === 'admin' ? sql`true` : sql`(hit.kind = 'package' or hit.assigned)`

  const result = await db.execute(sql`
    with hit as (
      select *, ${allowed} as assigned from (
        select 'package' as kind, packages.id, packages.title, packages.id as package_id,
          null::int as skill_id, null::int as topic_id, null::int as sub_topic_id, ${rank(packages.title, packageDoc)} as rank
        from packages where ${matches(packageDoc)}
        union all
        select 'skill', skills.id, skills.title, skills.package_id, skills.id, null, null, ${rank(skills.title, skillDoc)}
        from skills where ${matches(skillDoc)}
        union all
        select 'topic', topics.id, topics.title, skills.package_id, skills.id, topics.id, null, ${rank(topics.title, topicDoc)}
        from topics join skills on skills.id = topics.skill_id where ${matches(topicDoc)}
        union all
        select 'subTopic', sub_topics.id, sub_topics.title, skills.package_id, skills.id, topics.id, sub_topics.id,
          ${rank(subTopics.title, subTopicDoc)}
        from sub_topics join topics on topics.id = sub_topics.topic_id join skills on skills.id = topics.skill_id
        where ${matches(subTopicDoc)}
        union all
        select 'video', videos.id, videos.title, skills.package_id, skills.id, topics.id, sub_topics.id, ts_rank(${videoDoc}, ${query}) * 3
        from videos join sub_topics on sub_topics.id = videos.sub_topic_id join topics on topics.id = sub_topics.topic_id
          join skills on skills.id = topics.skill_id
        where ${matches(videoDoc)}
        union all
        select 'studyMaterial', study_materials.id, study_materials.name, skills.package_id, skills.id, topics.id, sub_topics.id,
          ts_rank(${materialDoc}, ${query}) * 3
        from study_materials join sub_topics on sub_topics.id = study_materials.sub_topic_id
          join topics on topics.id = sub_topics.topic_id join skills on skills.id = topics.skill_id
        where study_materials.is_latest and ${matches(materialDoc)}
      ) as found
    )
    select hit.kind, hit.id, hit.title, hit.assigned, hit.package_id, p.title as package_title,
      hit.skill_id, s.title as skill_title, hit.topic_id, t.title as topic_title, hit.sub_topic_id, u.title as sub_topic_title
    from hit
      join packages p on p.id = hit.package_id
      left join skills s on s.id = hit.skill_id
      left join topics t on t.id = hit.topic_id
      left join sub_topics u on u.id = hit.sub_topic_id
    where ${visible}
    order by hit.rank desc, hit.title, hit.kind, hit.id
    limit ${SEARCH_MAX_HITS}
  `)

  return rowsOf<HitRow>(result).map((row) => ({
    kind: row.kind,
    id: Number(row.id),
    title: row.title,
    package: { id: Number(row.package_id), title: row.package_title },
    skill: row.kind === 'skill' ? null : place(row.skill_id, row.skill_title),
    topic: row.kind === 'topic' ? null : place(row.topic_id, row.topic_title),
    subTopic: row.kind === 'subTopic' ? null : place(row.sub_topic_id, row.sub_topic_title),
    assigned: Boolean(row.assigned),
  }))
}
