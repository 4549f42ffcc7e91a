import { useId, type ReactNode } from 'react'
import { VisuallyHidden } from '@mantine/core'
import { ButtonLink } from './links.tsx'
import { Tooltip } from './Tooltip.tsx'

interface TestLinkProps {
  subTopicIds: number[]
  /** Which sub-topics the test covers, in words: the tooltip and the link's accessible description. */
  covers: string
  children: ReactNode
  size?: string
  variant?: string
  leftSection?: ReactNode
}

/** A link that opens a test, saying (on hover, on focus and to screen readers) which sub-topics it covers. */
export function TestLink({ subTopicIds, covers, children, ...style }: TestLinkProps) {
  const descriptionId = useId()
  return (
    <>
      <Tooltip label={covers} multiline maw={300} withArrow events={{ hover: true, focus: true }}>
        <ButtonLink to="/mcq-test/$subTopicIds" params={{ subTopicIds }} aria-describedby={descriptionId} {...style}>
          {children}
        </ButtonLink>
      </Tooltip>
      <VisuallyHidden id={descriptionId}>{covers}</VisuallyHidden>
    </>
  )
}

const list = (titles: string[]) => titles.join(', ')

/** The words each test link of the viewer says about what it covers. */
export const covers = {
  one: (title: string) => `This sub-topic only: ${title}`,
  openedSoFar: (titles: string[]) => `The sub-topics of this topic opened so far: ${list(titles)}`,
  topic: (topic: string, titles: string[]) => `Every sub-topic of ${topic}: ${list(titles)}`,
}
