import { memo } from 'react'
import { Badge, Group, Paper, Text, VisuallyHidden } from '@mantine/core'
import { IconCheck, IconX } from '@tabler/icons-react'
import type { SittingQuestion } from '../../../contract/assessment.ts'
import type { AttemptReviewItem } from '../../../contract/learning.ts'
import { asDisplayed, correctLetters, displayLetters } from './options.ts'
import classes from './Tests.module.css'

interface ReviewRowProps {
  mcq: SittingQuestion
  number: number
  subTopicTitle?: string
  /** The server's verdict on this question (absent if it was not graded). */
  review: AttemptReviewItem | undefined
}

/**
 * One question after submitting: right or wrong and the options with the learner's choices; the correct ones
 * and the explanation only when the review policy let the server send them.
 */
export const ReviewRow = memo(function ReviewRow({ mcq, number, subTopicTitle, review }: ReviewRowProps) {
  const options = mcq.options
  const letters = displayLetters(options)
  const showsKey = review?.correctOption !== undefined
  const correct = review?.correctOption ? correctLetters(review.correctOption) : []
  const chosen = new Set(review?.chosen ?? [])
  const right = review?.correct ?? false
  const verdict = right ? 'Correct' : 'Wrong'
  const headingId = `review-${mcq.id}`

  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      className={classes.question}
      data-verdict={right ? 'correct' : 'wrong'}
      aria-labelledby={headingId}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          {subTopicTitle ? (
            <Badge variant="light" color="gray" size="sm" mb={6} className={classes.subTopicBadge}>
              {subTopicTitle}
            </Badge>
          ) : null}
          <Text id={headingId} className={`${classes.questionLabel} ${classes.questionText}`}>
            <span className={classes.number}>{number}.</span> {mcq.question}
          </Text>
        </div>
        <Badge
          color={right ? 'teal' : 'red'}
          variant="light"
          leftSection={right ? <IconCheck size={14} aria-hidden /> : <IconX size={14} aria-hidden />}
          className={classes.verdict}
        >
          {verdict}
        </Badge>
      </Group>
      <ul className={classes.reviewOptions} aria-label={`Options of question ${number}`}>
        {options.map((option) => {
          const isCorrect = (correct as string[]).includes(option.key)
          const isChosen = chosen.has(option.key)
          const marks = [isChosen ? 'your answer' : null, isCorrect ? 'correct answer' : null].filter(Boolean).join(', ')
          return (
            <li key={option.key} className={classes.reviewOption} data-correct={isCorrect || undefined} data-chosen={isChosen || undefined}>
              <span className={classes.reviewMark} aria-hidden>
                {isCorrect ? <IconCheck size={16} /> : isChosen ? <IconX size={16} /> : null}
              </span>
              <span className={classes.optionText}>
                <b>{letters.get(option.key)}.</b> {option.text}
                {marks ? <VisuallyHidden> ({marks})</VisuallyHidden> : null}
              </span>
              {isChosen ? (
                <Text span size="xs" c="dimmed" className={classes.reviewTag} aria-hidden>
                  Your answer
                </Text>
              ) : null}
            </li>
          )
        })}
      </ul>
      <Text size="sm" mt="xs">
        {showsKey ? (
          <>
            <Text span fw={600}>
              Correct answer:
            </Text>{' '}
            {correct.length ? asDisplayed(correct, letters).join(', ') : '—'}
            <Text span c="dimmed">
              {' · '}
            </Text>
          </>
        ) : null}
        <Text span c="dimmed">
          {chosen.size ? `You chose ${asDisplayed(chosen, letters).join(', ')}` : 'Not answered'}
        </Text>
      </Text>
      {review?.explanation ? (
        <Text size="sm" mt="xs" className={classes.explanation}>
          <Text span fw={600}>
            Explanation:
          </Text>{' '}
          {review.explanation}
        </Text>
      ) : null}
    </Paper>
  )
})
