/** A size for people, in binary units: '512 bytes', '64 KB', '1.5 MB', '2 GB' (one decimal below 10). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  const shown = Number.isInteger(value) ? value : value < 10 ? value.toFixed(1) : Math.round(value)
  return `${shown} ${units[unit]}`
}
