// Types for `linebreak` (UAX #14, the line breaker pdfkit itself uses), which ships none.
declare module 'linebreak' {
  export interface Break {
    /** Index in the text where the next segment starts. */
    position: number;
    /** A mandatory break (a new line), not just an opportunity. */
    required: boolean;
  }
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
