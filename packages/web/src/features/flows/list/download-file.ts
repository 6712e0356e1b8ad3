/** Saves JSON as a file through the browser's download (no server round trip for the file itself). */
export function downloadJson({ data, fileName }: { data: unknown; fileName: string }) {
  const blob = new Blob([`${JSON.stringify(data, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; give the browser a moment before letting the URL go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
