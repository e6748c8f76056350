/** The programme's public profiles, shown on the landing page. */
export const socialProfiles = [
  { name: 'Instagram', href: 'https://www.instagram.com/sovereignflame' },
  { name: 'YouTube', href: 'https://www.youtube.com/@sovereignflame' },
  { name: 'Facebook', href: 'https://www.facebook.com/sovereignflame' },
];
