/** Saves a file already fetched (behind the token) through the browser's download. */
export function downloadBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Long enough for the browser to start saving the file.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
