// Posting a file to one of the /api/uploads/* paths (the raw bytes as the body): the server's JSON
// answer, or an Error carrying the server's message.
export async function uploadFile<T extends object>(path: string, file: File): Promise<T> {
  const res = await fetch(path, {
    method: 'POST',
    body: file,
    headers: { 'content-type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
  });
  const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!res.ok || !body) throw new Error(body?.message ?? `Error: ${res.status} ${res.statusText}`);
  return body;
}
