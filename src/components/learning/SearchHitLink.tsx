import type { ReactNode } from 'react'
import type { SearchHit } from '../../../contract/search.ts'
import { AnchorLink } from '../ui/links.tsx'

interface SearchHitLinkProps {
  hit: SearchHit
  /** Admins open the editing screens; learners the viewer, at the hit. */
  admin: boolean
  children: ReactNode
  'aria-label': string
}

/** A link to the screen a search hit opens on. */
export function SearchHitLink({ hit, admin, children, ...rest }: SearchHitLinkProps) {
  const props = { ...rest, underline: 'never' as const, c: 'inherit', display: 'block' }
  if (admin) {
    if (hit.kind === 'package')
      return (
        <AnchorLink to="/package/$id" params={{ id: hit.id }} {...props}>
          {children}
        </AnchorLink>
      )
    if (hit.kind === 'skill' || hit.kind === 'topic')
      return (
        <AnchorLink to="/topic/add/$skillId" params={{ skillId: hit.kind === 'skill' ? hit.id : hit.skill!.id }} {...props}>
          {children}
        </AnchorLink>
      )
    return (
      <AnchorLink to="/subtopic/$id" params={{ id: hit.kind === 'subTopic' ? hit.id : hit.subTopic!.id }} {...props}>
        {children}
      </AnchorLink>
    )
  }
  const focus =
    hit.kind === 'skill'
      ? { skill: hit.id }
      : hit.kind === 'topic'
        ? { topic: hit.id }
        : hit.kind === 'subTopic'
          ? { subTopic: hit.id }
          : hit.kind === 'video'
            ? { video: hit.id }
            : hit.kind === 'studyMaterial'
              ? { subTopic: hit.subTopic!.id }
              : {}
  return (
    <AnchorLink to="/topics/$id" params={{ id: hit.package.id }} search={focus} {...props}>
      {children}
    </AnchorLink>
  )
}
