// The mail's widths: the 600 px column and a two-column story's half.
export const WIDTH = 600;
export const COL = 300;
