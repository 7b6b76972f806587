/** Puts named values into a `{name}` template; a placeholder without a value stays visible. */
export function fill(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => params[name] ?? whole)
}
