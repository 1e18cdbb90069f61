/** `file` with the section between `start` and `end` replaced (appended at the end when absent). */
export function spliceSection(file: string, section: string, start: string, end: string): string {
  const s = file.indexOf(start);
  const e = file.indexOf(end);
  if (s >= 0 && e > s) return file.slice(0, s) + section + file.slice(e + end.length);
  return `${file.replace(/\n*$/, "\n\n")}${section}\n`;
}
