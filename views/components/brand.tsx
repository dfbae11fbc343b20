/** The broker's logo (from settings) and name. */
export function Brand({ name, logo, href = '/' }: { name: string; logo: string | null; href?: string }) {
  return (
    <a className="brand" href={href}>
      {logo ? <img src={logo} alt="" width={32} height={32} /> : null}
      <span>{name}</span>
    </a>
  );
}
