import { Checkbox, Group, Stack, TextInput, Textarea } from '@mantine/core'
import { EXPLANATION_MAX, OPTION_LETTERS, type OptionLetter } from '../../../contract/media.ts'
import type { McqDraft } from './mcq-draft.ts'

interface McqDraftFieldsProps {
  draft: McqDraft
  onChange: (patch: Partial<McqDraft>) => void
  disabled: boolean
}

/** A question's fields as the inline editor and the Add question dialog show them: question, options A–D with their Correct boxes, explanation. */
export function McqDraftFields({ draft, onChange, disabled }: McqDraftFieldsProps) {
  const setOption = (letter: OptionLetter, text: string) => onChange({ options: { ...draft.options, [letter]: text } })
  const toggleCorrect = (letter: OptionLetter, on: boolean) =>
    onChange({ correct: on ? [...new Set([...draft.correct, letter])].sort() : draft.correct.filter((l) => l !== letter) })

  return (
    <>
      <Textarea
        label="Question"
        value={draft.question}
        onChange={(e) => onChange({ question: e.currentTarget.value })}
        rows={3}
        maxLength={5000}
        data-autofocus
        autoFocus
        disabled={disabled}
      />
      <Stack gap="xs">
        {OPTION_LETTERS.map((letter) => (
          <Group key={letter} gap="sm" wrap="nowrap" align="flex-end">
            <TextInput
              label={`Option ${letter}`}
              value={draft.options[letter]}
              onChange={(e) => setOption(letter, e.currentTarget.value)}
              style={{ flex: 1 }}
              maxLength={1000}
              disabled={disabled}
            />
            <Checkbox
              label="Correct"
              aria-label={`Option ${letter} is correct`}
              checked={draft.correct.includes(letter)}
              onChange={(e) => toggleCorrect(letter, e.currentTarget.checked)}
              disabled={disabled}
              mb={8}
            />
          </Group>
        ))}
      </Stack>
      <Textarea
        label="Explanation"
        description="Optional. Learners see it after a test when the sub-topic's review policy shows explanations."
        value={draft.explanation}
        onChange={(e) => onChange({ explanation: e.currentTarget.value })}
        rows={3}
        maxLength={EXPLANATION_MAX}
        disabled={disabled}
      />
    </>
  )
}
