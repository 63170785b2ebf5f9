// The public list of a publication's sent issues (being built): renders nothing until issues can be sent.
export function PublicationArchive(_props: { slug: string }) {
  return null;
}
