/**
 * `name` with each right-to-left run (an Urdu or Sindhi own-script name such as 'उर्दू (اردو)') wrapped
 * in Unicode first-strong isolates, so the brackets and the text after it keep their order in a
 * left-to-right line.
 */
export function isolateRtl(name: string): string {
  return name.replace(/[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF][\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\s]*/g, (run) => {
    const text = run.trimEnd();
    return `\u2068${text}\u2069${run.slice(text.length)}`;
  });
}
