/** The text of a caption file by its signed URL (no bearer token: the signature is the permission). */
export async function fetchCaptionFile(url: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(new URL(url, location.origin), { signal })
  if (!response.ok) throw new Error(`The caption file could not be loaded (${response.status})`)
  return response.text()
}
