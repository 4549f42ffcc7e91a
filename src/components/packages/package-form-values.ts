import { packageInput, type Package, type PackageInput } from '../../../contract/content.ts'
import { fieldMessages } from '../../lib/schema-errors.ts'

/** The package form's values and their checks: the same zod schema the server validates with. */

export interface SkillRow {
  /** React key only; never sent. */
  key: string
  /** The stored skill's id (edit), so the server's reconciliation keeps it. */
  id?: number
  title: string
  description: string
  price: string
}

export interface Values {
  title: string
  description: string
  price: string
  skills: SkillRow[]
}

/** Field path ('title', 'skills.0.price', …) → message. */
export type Errors = Record<string, string>

export type TextField = 'title' | 'description' | 'price'

let rowCounter = 0
const newRowKey = () => `row-${++rowCounter}`
export const blankSkill = (): SkillRow => ({ key: newRowKey(), title: '', description: '', price: '' })

export function initialValues(pkg?: Package, addSkill = false): Values {
  if (!pkg) return { title: '', description: '', price: '', skills: [blankSkill()] }
  const stored = pkg.skills.map((s) => ({ key: newRowKey(), id: s.id, title: s.title, description: s.description, price: s.price }))
  return {
    title: pkg.title,
    description: pkg.description,
    price: pkg.price,
    skills: stored.length && !addSkill ? stored : [...stored, blankSkill()],
  }
}

/** What the values mean, without React keys: equal snapshots mean nothing changed. */
export const snapshot = (v: Values) =>
  JSON.stringify([v.title, v.description, v.price, v.skills.map((s) => [s.id ?? null, s.title, s.description, s.price])])

/** A blank price is a missing price, so the shared schema says 'Price is required'. */
const priceValue = (price: string) => (price.trim() === '' ? undefined : price.trim())

/** Checks the values with the same zod schema the server uses; returns the payload or the field messages. */
export function validate(values: Values): { payload: PackageInput; errors?: undefined } | { payload?: undefined; errors: Errors } {
  const parsed = packageInput.safeParse({
    title: values.title,
    description: values.description,
    price: priceValue(values.price),
    skills: values.skills.map((s) => ({
      ...(s.id !== undefined ? { id: s.id } : {}),
      title: s.title,
      description: s.description,
      price: priceValue(s.price),
    })),
  })
  return parsed.success ? { payload: parsed.data } : { errors: fieldMessages(parsed.error) }
}

export const FIELD_ORDER = (values: Values) => [
  'title',
  'description',
  'price',
  ...values.skills.flatMap((_, i) => [`skills.${i}.title`, `skills.${i}.description`, `skills.${i}.price`]),
]
