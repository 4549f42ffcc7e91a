import { Fragment } from 'react'

/**
 * An e-mail address that a narrow screen may break before its @ and its dots, never mid-word: each part stays whole
 * (a part longer than the line still breaks, as a last resort, where the container allows it).
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/)
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
        <Fragment key={i}>
          {i ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  )
}
