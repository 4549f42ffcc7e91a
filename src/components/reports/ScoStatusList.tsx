import { Badge, Text } from '@mantine/core'
import type { LearnerSco } from '../../../contract/scorm.ts'
import { formatScore } from '../../lib/format.ts'
import classes from './Reports.module.css'

/** The colour that repeats a SCO status (the words always say it). */
const COLOR: Record<string, string> = {
  passed: 'teal',
  completed: 'teal',
  failed: 'red',
  incomplete: 'orange',
  browsed: 'orange',
}

/** 'not attempted' → 'Not attempted'. */
const statusText = (status: string) => status.charAt(0).toUpperCase() + status.slice(1)

/** One learner's SCOs: each SCO's title (its package's under it), its status in words, and its score. */
export function ScoStatusList({ scos, learner }: { scos: readonly LearnerSco[]; learner: string }) {
  return (
    <ul className={classes.scoList} aria-label={`SCOs of ${learner}`}>
      {scos.map((sco) => (
        <li key={sco.id} className={classes.sco}>
          <span className={classes.scoName}>
            <Text span size="sm" fw={500} display="block">
              {sco.title}
            </Text>
            <Text span size="xs" c="dimmed" display="block">
              {sco.packageTitle}
            </Text>
          </span>
          <Badge
            color={COLOR[sco.status] ?? 'gray'}
            variant="light"
            radius="sm"
            classNames={{ root: classes.flag, label: classes.flagLabel }}
          >
            {statusText(sco.status)}
          </Badge>
          <Text span size="sm" className={`${classes.num} ${classes.scoScore}`}>
            {sco.score === null ? 'No score' : `${formatScore(sco.score)} %`}
          </Text>
        </li>
      ))}
    </ul>
  )
}
