/** A column header on two lines, so that wide tables fit beside the side menu. */
export function twoLines(first: string, second: string) {
  return (
    <>
      {/* The space joins the words where the break is not shown (a card's label, issue 15). */}
      {first} <br />
      {second}
    </>
  );
}
