// CSV cells for the product's exports (subscribers, billing): quoted when needed, and neutralised so a
// spreadsheet never runs what a cell says.

/** A spreadsheet must not run what a cell says: cells starting with = + - @ (or tab/CR) are quoted. */
export const csvCell = (v: string) => {
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
