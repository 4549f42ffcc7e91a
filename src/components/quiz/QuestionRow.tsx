import { memo, useState } from 'react'
import { Badge, Checkbox, Paper, Stack, Text } from '@mantine/core'
import type { SittingQuestion } from '../../../contract/assessment.ts'
import type { OptionLetter } from '../../../contract/media.ts'
import type { AnswerStore } from './answer-store.ts'
import { displayLetters } from './options.ts'
import classes from './Tests.module.css'

interface QuestionRowProps {
  /** As the sitting pinned it: its options in display order, each with its letter. */
  mcq: SittingQuestion
  number: number
  /** Shown when the test spans several sub-topics. */
  subTopicTitle?: string
  store: AnswerStore
}

/**
 * One question while answering: its options as a checkbox group (several may be right) labelled by the
 * question. It keeps its own ticks, so ticking re-renders this row only; memoised, so the list never does.
 */
export const QuestionRow = memo(function QuestionRow({ mcq, number, subTopicTitle, store }: QuestionRowProps) {
  const options = mcq.options
  const letters = displayLetters(options)
  const [value, setValue] = useState<string[]>(() => store.get(mcq.id))
  const onChange = (next: string[]) => {
    setValue(next)
    store.set(mcq.id, next as OptionLetter[])
  }

  return (
    <Paper component="li" withBorder radius="md" p={{ base: 'sm', sm: 'md' }} className={classes.question}>
      {subTopicTitle ? (
        <Badge variant="light" color="gray" size="sm" mb={6} className={classes.subTopicBadge}>
          {subTopicTitle}
        </Badge>
      ) : null}
      <Checkbox.Group
        value={value}
        onChange={onChange}
        label={
          <span className={classes.questionText}>
            <span className={classes.number}>{number}.</span> {mcq.question}
          </span>
        }
        classNames={{ label: classes.questionLabel }}
      >
        {options.length ? (
          <Stack gap={6} mt="sm">
            {options.map((option) => (
              <Checkbox
                key={option.key}
                value={option.key}
                label={
                  <span className={classes.optionText}>
                    <b>{letters.get(option.key)}.</b> {option.text}
                  </span>
                }
                classNames={{ root: classes.option, body: classes.optionBody, labelWrapper: classes.optionLabelWrapper }}
              />
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" mt="sm">
            This question has no options to choose from.
          </Text>
        )}
      </Checkbox.Group>
    </Paper>
  )
})
