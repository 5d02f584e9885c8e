/**
 * The supervisor's log lines, in the shape the API processes' logger (pino) writes, so one stream of
 * JSON lines reads alike whichever process wrote it. The supervisor starts no server, so no Fastify logger.
 */
const LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;
type Level = keyof typeof LEVELS;

export type PrimaryLog = Record<Level, (fields: Record<string, unknown>, message: string) => void>;

export function primaryLog(levelName: string, write: (line: string) => void = (line) => process.stdout.write(line)): PrimaryLog {
  const threshold = LEVELS[levelName as Level] ?? LEVELS.info;
  const at = (level: Level) => (fields: Record<string, unknown>, message: string) => {
    if (LEVELS[level] < threshold) return;
    write(`${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, role: 'supervisor', ...fields, msg: message })}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
