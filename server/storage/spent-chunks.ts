/**
 * Chunks of an upload's body that nothing but the upload holds, whose memory is handed back as soon as they are on
 * their way to disk instead of when the garbage collector next runs.
 *
 * Node copies every piece of a request body it reads from the socket (64 KiB at most) into a buffer of its own. A
 * 1 GiB upload allocates 1 GiB of them, and V8 answers each few tens of MiB of such outside memory with a full
 * collection of the heap: dozens of them per upload, most of the server's CPU time besides the copying
 * (bench/upload.ts). A buffer detached after its write is freed at once and no longer counts towards that.
 */
const owned = new WeakSet<ArrayBufferLike>()

/**
 * Marks a chunk read from the request socket as the upload's alone. Only a chunk that spans its whole memory
 * block qualifies: a block shared with another part of the body (a boundary, the next part's first bytes) is
 * left to the garbage collector.
 */
export function claim(chunk: Buffer) {
  if (chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength && chunk.buffer instanceof ArrayBuffer) owned.add(chunk.buffer)
}

/** Frees a claimed chunk's memory once its bytes have been written; any other chunk is left as it is. */
export function release(chunk: Buffer) {
  const block = chunk.buffer
  if (block instanceof ArrayBuffer && owned.delete(block)) block.transfer(0)
}
