import type { RawReply } from './raw-http';

/**
 * The contract every reply keeps, whatever was sent (DESIGN "The /api contract"): never a 5xx;
 * the body is `{code, result, meta?}` with code equal to the HTTP status; a refusal (4xx) says
 * why in a non-empty `result` string. `rawReply` names the media type of a documented success
 * that is not the envelope (the OpenAPI document, images, an event stream).
 */
export function replyProblems(reply: RawReply, rawReply?: string): string[] {
  const problems: string[] = [];
  if (reply.status >= 500) problems.push(`server error ${reply.status}`);
  if (reply.status < 200 || (reply.status >= 300 && reply.status !== 304)) {
    if (reply.status < 400) problems.push(`unexpected status ${reply.status}`);
  }
  const success = reply.status >= 200 && reply.status < 300;
  const type = String(reply.headers['content-type'] ?? '');
  if (success && rawReply) {
    if (!type.startsWith(rawReply.split(';')[0]!)) problems.push(`a ${rawReply} success answered with content-type "${type}"`);
    return problems;
  }
  if (reply.streamed) return [...problems, `an undocumented event stream (${reply.status}) instead of the {code, result} envelope`];
  if (reply.status === 304) return problems;
  const body = reply.json as { code?: unknown; result?: unknown } | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || !('code' in body) || !('result' in body)) {
    problems.push(`not the {code, result} envelope: ${reply.text.slice(0, 200)}`);
    return problems;
  }
  const extra = Object.keys(body).filter((k) => !['code', 'result', 'meta'].includes(k));
  if (extra.length > 0) problems.push(`envelope has extra keys ${extra.join(', ')}`);
  if (body.code !== reply.status) problems.push(`code ${String(body.code)} differs from HTTP status ${reply.status}`);
  if (reply.status >= 400 && (typeof body.result !== 'string' || body.result.trim() === '')) problems.push(`a ${reply.status} without a message: result = ${JSON.stringify(body.result)?.slice(0, 100)}`);
  if (!type.startsWith('application/json')) problems.push(`envelope sent as "${type}"`);
  return problems;
}
