import type { SkillWithTopics } from '../../../contract/content.ts'
import { AnchorLink } from './links.tsx'
import { Breadcrumbs } from './Breadcrumbs.tsx'

/** Upload Content › package › skill (› page): the trail of the pages under one skill. */
export function ContentBreadcrumbs({
  skill,
  page,
}: {
  skill: Pick<SkillWithTopics, 'id' | 'title' | 'packageId' | 'packageTitle'>
  page?: string
}) {
  const trail = [
    <AnchorLink key="packages" to="/package" size="sm">
      Upload Content
    </AnchorLink>,
    <AnchorLink key="package" to="/package/$id" params={{ id: skill.packageId }} size="sm">
      {skill.packageTitle}
    </AnchorLink>,
  ]
  if (!page) return <Breadcrumbs trail={trail} current={skill.title} />
  return (
    <Breadcrumbs
      trail={[
        ...trail,
        <AnchorLink key="skill" to="/skill/$skillId/topics" params={{ skillId: skill.id }} size="sm">
          {skill.title}
        </AnchorLink>,
      ]}
      current={page}
    />
  )
}
