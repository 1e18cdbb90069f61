/** How the text formatters colour their output: picocolors' functions in a terminal, identity otherwise. */
export type Paint = (s: string) => string;
export interface Color {
  bold: Paint;
  dim: Paint;
}
export const plain: Color = { bold: (s) => s, dim: (s) => s };
