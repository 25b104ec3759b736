// The legal pages' copy, keyed by route id. (Staff will edit these in the site repository later.)
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  table?: { head: string[]; rows: string[][] };
}

export interface LegalPage {
  title: string;
  description: string;
  updated: string;
  sections: LegalSection[];
}

export const LEGAL_PAGES: Record<string, LegalPage> = {
  'legal-privacy': {
    title: 'Privacy Policy',
    description: 'How Frolic Spirits collects, uses and protects your personal data.',
    updated: '23 November 2026',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: [
          'Frolic Spirits Ltd is the controller of the personal data described here. You can reach our data protection contact at privacy@frolic.example.',
        ],
      },
      {
        heading: 'What we collect',
        paragraphs: [
          'Age verification: the year (and, when needed, the day and month) of your birth and your country are used once to decide whether you may enter. We do not store your date of birth; we keep only the result in a cookie.',
          'Contact and business inquiries: the details you type into our forms, and the IP address they came from, so we can answer you and protect the forms from abuse.',
          'Support chat: the messages you send and, if you give it, your email address.',
        ],
      },
      {
        heading: 'Why and on what basis',
        paragraphs: [
          'To comply with the law on the marketing of alcohol (age verification), to answer your requests (our legitimate interest, or steps before a contract with trade partners), and to keep the site secure.',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: ['Inquiries and chat conversations are kept for 24 months after the last contact, then deleted. Security logs are kept for 12 months.'],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You may ask for access to, correction or deletion of your data, object to its use, or complain to your data protection authority. Write to privacy@frolic.example.',
        ],
      },
    ],
  },
  'legal-terms': {
    title: 'Terms of Use',
    description: 'The terms that apply when you use the Frolic website.',
    updated: '23 November 2026',
    sections: [
      {
        heading: 'Legal drinking age',
        paragraphs: ['This site is only for people of legal drinking age in the country where they are. By entering you confirm that you are.'],
      },
      {
        heading: 'Our content',
        paragraphs: [
          'Text, images and recipes on this site belong to Frolic Spirits Ltd. You may share links to them with people of legal drinking age; please do not share them with anyone younger.',
        ],
      },
      {
        heading: 'Buying our spirits',
        paragraphs: [
          'We do not sell on this site. Links to online retailers take you to third-party sites whose own terms apply; prices shown there may change.',
        ],
      },
      {
        heading: 'Liability',
        paragraphs: [
          'We take care that the information here is accurate, but it is provided as is. Nothing in these terms limits liability that cannot be limited by law.',
        ],
      },
    ],
  },
  'legal-cookies': {
    title: 'Cookie Notice',
    description: 'Which cookies the Frolic website sets and why.',
    updated: '23 November 2026',
    sections: [
      {
        heading: 'Only necessary cookies',
        paragraphs: [
          'We set only the cookies the site needs to work. We use no advertising, analytics or third-party cookies, so there is nothing to consent to; if that ever changes we will ask you first.',
        ],
        table: {
          head: ['Cookie', 'Why', 'How long'],
          rows: [
            [
              'frolic_age',
              'Remembers that you passed the age check (or that entry was refused), so you are not asked on every page.',
              'Until you close the browser, or 30 days if you chose “Remember me”; a refusal lasts a year',
            ],
            ['frolic_market', 'Remembers the market and currency you chose in the footer.', '1 year'],
            ['frolic_toast', 'Carries a one-time message across a page redirect.', '1 minute'],
            ['frolic_session', 'Keeps staff and partners signed in.', 'Until sign-out or the session times out'],
          ],
        },
      },
      {
        heading: 'Browser storage',
        paragraphs: [
          'The flag “ageVerified” mirrors your age check in your browser’s session storage (or local storage with “Remember me”), and the support chat keeps its conversation id in local storage.',
        ],
      },
    ],
  },
  'legal-imprint': {
    title: 'Imprint',
    description: 'Legal information about Frolic Spirits Ltd.',
    updated: '23 November 2026',
    sections: [
      {
        heading: 'Frolic Spirits Ltd',
        paragraphs: [
          'Registered office: 12 Copper Still Lane, Edinburgh EH1 1AA, United Kingdom.',
          'Registered in Scotland, company number SC000000. VAT number GB 000 0000 00.',
          'Directors: Isla Frolic, Daniel Marsh.',
          'Email: hello@frolic.example · Telephone: +44 131 000 0000.',
        ],
      },
      { heading: 'Licences', paragraphs: ['Premises licence for distilling and warehousing under HMRC approval number FRL/0001.'] },
      { heading: 'Credits', paragraphs: ['Place names in the store locator © GeoNames (geonames.org), licensed under CC BY 4.0.'] },
    ],
  },
};
