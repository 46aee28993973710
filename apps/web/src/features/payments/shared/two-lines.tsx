/** A column header on two lines, so that wide tables fit beside the side menu. */
export function twoLines(first: string, second: string) {
  return (
    <>
      {first}
      <br />
      {second}
    </>
  );
}
