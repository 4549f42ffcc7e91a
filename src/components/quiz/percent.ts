/** A score as a whole percentage of the total marks (0 when there are none). */
export const percentOf = (score: number, total: number) => (total > 0 ? Math.round((score / total) * 100) : 0)
