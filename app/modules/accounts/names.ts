/** The name typed at sign-up, split on its first space: "Maria Rosa Bianchi" → Maria / Rosa Bianchi. */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const name = fullName.trim();
  const space = name.indexOf(" ");
  if (space === -1) return { firstName: name, lastName: "" };
  return { firstName: name.slice(0, space), lastName: name.slice(space + 1).trim() };
}
