/**
 * Reads the tables other benchmark scripts print with `console.table`, so their figures can join
 * this table without changing them: `{ rowLabel: { column: value } }`, numbers where they parse.
 */
export type ParsedTable = Record<string, Record<string, string | number>>;

export function parseConsoleTables(output: string): ParsedTable[] {
  const tables: ParsedTable[] = [];
  let header: string[] | undefined;
  let current: ParsedTable | undefined;
  for (const line of output.split('\n')) {
    if (!line.startsWith('│')) {
      if (line.startsWith('└') && current) tables.push(current);
      if (line.startsWith('┌')) [header, current] = [undefined, {}];
      continue;
    }
    const cells = line.split('│').slice(1, -1).map((cell) => cell.trim());
    if (!header) {
      header = cells;
      continue;
    }
    const row: Record<string, string | number> = {};
    cells.slice(1).forEach((cell, i) => {
      const text = cell.replace(/^'(.*)'$/, '$1');
      row[header![i + 1] ?? String(i)] = text !== '' && Number.isFinite(Number(text)) ? Number(text) : text;
    });
    if (current) current[cells[0]!.replace(/^'(.*)'$/, '$1')] = row;
  }
  return tables;
}
