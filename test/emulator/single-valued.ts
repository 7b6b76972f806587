/**
 * A parameter sent more than once (`filter_ids=1&filter_ids=3`). The live services are Rails
 * applications, whose parameter hash keeps the last value at the place the name first appeared;
 * the documents say nothing, so documented mode keeps the first, as `URLSearchParams.get` does.
 * Every part of the emulator then sees one value per name.
 */
export function singleValued(params: URLSearchParams, lastWins: boolean): URLSearchParams {
  const chosen = new Map<string, string>()
  for (const [name, value] of params) if (lastWins || !chosen.has(name)) chosen.set(name, value)
  return new URLSearchParams([...chosen])
}
