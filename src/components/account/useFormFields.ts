import { useState, type ChangeEvent } from 'react'

/** What a text input of an account form takes: its name, value, error and change handler. */
export interface FieldProps {
  name: string
  value: string
  error: string | undefined
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
}

/** The values and errors of a form's text fields; editing a field clears its error. */
export function useFormFields<F extends string>(initial: Record<F, string>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({})
  const field = (name: F): FieldProps => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const value = event.currentTarget.value
      setValues((prev) => ({ ...prev, [name]: value }))
      setErrors((prev) => ({ ...prev, [name]: undefined }))
    },
  })
  return { values, setValues, errors, setErrors, field }
}
