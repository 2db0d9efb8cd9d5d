/**
 * A growable byte buffer for assembling export batches: appending copies bytes into one
 * allocation (TypedArray#set), which costs far less per piece than collecting pieces and
 * concatenating them, or than building strings and encoding them.
 */
export class ByteBuilder {
  private buf: Buffer;
  /** Bytes written. */
  length = 0;

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafe(initialBytes);
  }

  private ensure(extra: number): void {
    if (this.length + extra <= this.buf.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.length + extra));
    next.set(this.buf.subarray(0, this.length), 0);
    this.buf = next;
  }

  /** Appends `b`. */
  append(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** Appends `src[start..end)`. */
  appendRange(src: Buffer, start: number, end: number): void {
    this.ensure(end - start);
    src.copy(this.buf, this.length, start, end);
    this.length += end - start;
  }

  /** Appends one byte. */
  appendByte(v: number): void {
    this.ensure(1);
    this.buf[this.length++] = v;
  }

  /** The bytes written so far, as a view that the next append or reset overwrites (copy them before). */
  view(): Buffer {
    return this.buf.subarray(0, this.length);
  }

  /** Forgets the bytes written, keeping the allocation. */
  reset(): void {
    this.length = 0;
  }

  /** Hands over the bytes written (the builder starts a new buffer, so the result may be written asynchronously). */
  take(): Buffer {
    const out = this.buf.subarray(0, this.length);
    this.buf = Buffer.allocUnsafe(Math.max(1 << 16, this.buf.length));
    this.length = 0;
    return out;
  }
}
