import { describe, expect, it } from "vitest";
import { splitFullName } from "./names";

describe("splitFullName", () => {
  it.each([
    ["Maria Rossi", "Maria", "Rossi"],
    ["Maria Rosa Bianchi", "Maria", "Rosa Bianchi"],
    ["  Giulia   De Luca ", "Giulia", "De Luca"],
    ["Cher", "Cher", ""],
  ])("%j → %j / %j", (fullName, firstName, lastName) => {
    expect(splitFullName(fullName)).toEqual({ firstName, lastName });
  });
});
