import { chooseTheme, luminance } from "../../../src/taskpane/theme-choice";

describe("chooseTheme", () => {
  it("follows Office's dark themes by their body colour", () => {
    expect(chooseTheme("", { bodyBackgroundColor: "#262626" })).toBe("dark"); // Black
    expect(chooseTheme("", { bodyBackgroundColor: "#444444" })).toBe("dark"); // Dark Gray
  });

  it("follows Office's light themes", () => {
    expect(chooseTheme("", { bodyBackgroundColor: "#FFFFFF" })).toBe("light"); // White
    expect(chooseTheme("", { bodyBackgroundColor: "#E6E6E6" })).toBe("light"); // Colorful
  });

  it("prefers Office's isDarkTheme to the colour", () => {
    expect(chooseTheme("", { isDarkTheme: true, bodyBackgroundColor: "#ffffff" })).toBe("dark");
  });

  it("lets ?theme= override Office (preview and screenshots)", () => {
    expect(chooseTheme("?theme=dark", { bodyBackgroundColor: "#ffffff" })).toBe("dark");
    expect(chooseTheme("?x=1&theme=light", { isDarkTheme: true })).toBe("light");
  });

  it("is light without any information or with an unreadable colour", () => {
    expect(chooseTheme("", undefined)).toBe("light");
    expect(chooseTheme("?theme=purple", { bodyBackgroundColor: "not a colour" })).toBe("light");
  });

  it("computes WCAG luminance of short and long hex colours", () => {
    expect(luminance("#fff")).toBeCloseTo(1, 5);
    expect(luminance("000000")).toBe(0);
    expect(luminance("red")).toBeUndefined();
  });
});
