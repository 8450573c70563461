// The sandbox's bundled US addresses: real cities and ZIP codes, real-looking streets and numbers (the
// homes are made up; the landmarks and offices are public buildings). docs/sandbox.md lists the ones worth
// typing; `sandboxAddressBook()` turns this table into the records both sandbox services search.

export type SandboxAddressKind =
  /** A house: residential, street record, confirmed. */
  | 'home'
  /** An apartment building: residential, high-rise record; needs a unit (N1 without one). */
  | 'highRise'
  /** An office or a shop: street record, rdi Commercial. */
  | 'commercial'
  /** A mailbox shop (commercial mail-receiving agency): rdi Commercial, dpv_cmra Y. */
  | 'cmra';

export interface SandboxAddressRow {
  line: string;
  city: string;
  state: string;
  zip: string;
  kind: SandboxAddressKind;
  /** Units of a high-rise (e.g. ['1A', '1B', '12B']), with their designator. */
  units?: { designator: string; numbers: string[] };
}

/** Houses, four per city: "city|ST|zip|line; line; line; line". */
const HOMES = `
Springfield|IL|62704|1427 S Walnut St; 2210 W Lawrence Ave; 918 S Pasfield St; 1603 Wiggins Ave
Evanston|IL|60201|1124 Maple Ave; 2418 Harrison St; 717 Judson Ave; 1630 Hinman Ave
Chicago|IL|60614|2156 N Racine Ave; 1940 N Howe St; 2314 N Lincoln Park W; 719 W Belden Ave
Madison|WI|53703|1215 Jenifer St; 437 N Few St; 1016 Spaight St; 614 E Gorham St
Minneapolis|MN|55408|3121 Humboldt Ave S; 2720 Irving Ave S; 3345 Fremont Ave S; 2809 Girard Ave S
Des Moines|IA|50312|3820 Woodland Ave; 4107 Greenwood Dr; 811 42nd St; 3516 Kingman Blvd
Omaha|NE|68132|5114 Underwood Ave; 612 N 56th St; 5530 Chicago St; 4827 Davenport St
Kansas City|MO|64111|4112 Warwick Blvd; 3714 Jefferson St; 4020 Baltimore Ave; 3925 Wyoming St
St Louis|MO|63110|4240 Flad Ave; 3917 Connecticut St; 4127 Shenandoah Ave; 3535 Hawthorne Blvd
Louisville|KY|40204|1418 Cherokee Rd; 1207 Bardstown Rd; 1851 Sils Ave; 1309 Hepburn Ave
Nashville|TN|37212|1803 Beechwood Ave; 2107 Blair Blvd; 1614 Linden Ave; 2413 Belmont Blvd
Atlanta|GA|30307|1147 Euclid Ave NE; 382 Elmira Pl NE; 1290 Mclendon Ave NE; 536 Sinclair Ave NE
Charlotte|NC|28203|1824 Lyndhurst Ave; 2017 Park Rd; 1509 Kenilworth Ave; 612 Marsh Rd
Raleigh|NC|27608|2512 Oberlin Rd; 1816 Sunset Dr; 2304 Fairview Rd; 614 Brooks Ave
Richmond|VA|23220|2314 Floyd Ave; 1917 Grove Ave; 2109 Stuart Ave; 1610 W Main St
Baltimore|MD|21218|3207 Guilford Ave; 2914 N Calvert St; 3113 Abell Ave; 413 E 31st St
Philadelphia|PA|19147|1024 Federal St; 718 Catharine St; 1210 S 9th St; 932 Christian St
Pittsburgh|PA|15217|5633 Beacon St; 2241 Shady Ave; 5807 Darlington Rd; 1713 Murray Ave
Newark|NJ|07104|412 Mt Prospect Ave; 118 Heller Pkwy; 527 Summer Ave; 230 Abington Ave
Brooklyn|NY|11215|417 5th St; 582 2nd St; 244 Prospect Park W; 31 Berkeley Pl
Albany|NY|12208|74 Manning Blvd; 409 Western Ave; 18 Ryckman Ave; 112 S Allen St
Boston|MA|02130|27 Burroughs St; 114 Pond St; 62 Elm St; 9 Sedgwick St
Providence|RI|02906|134 Lloyd Ave; 56 Slater Ave; 221 Elmgrove Ave; 18 Arlington Ave
Hartford|CT|06105|87 Kenyon St; 215 N Whitney St; 43 Woodland St; 120 Sherman St
Burlington|VT|05401|155 N Willard St; 38 Loomis St; 212 Colchester Ave; 96 Buell St
Portland|ME|04102|147 Pine St; 32 Bowdoin St; 210 Vaughan St; 61 West St
Columbus|OH|43201|1337 Neil Ave; 212 W 9th Ave; 86 E Oakland Ave; 1480 Hunter Ave
Ann Arbor|MI|48104|1207 Prospect St; 915 Olivia Ave; 1321 Wilmot St; 604 Oswego St
Indianapolis|IN|46205|4630 N Pennsylvania St; 5120 Central Ave; 4411 Broadway St; 4825 N Park Ave
Denver|CO|80206|1419 Gaylord St; 1225 Williams St; 1530 Race St; 711 Josephine St
Boulder|CO|80302|1620 Mapleton Ave; 2245 Pine St; 837 Spruce St; 1411 Hill St
Salt Lake City|UT|84103|232 E 5th Ave; 119 N I St; 547 E 3rd Ave; 311 N D St
Phoenix|AZ|85013|4101 N 7th Ave; 322 W Pasadena Ave; 518 W Earll Dr; 3817 N 3rd Ave
Austin|TX|78704|1506 Eva St; 2204 S 5th St; 1710 Newning Ave; 908 W Mary St
Houston|TX|77006|1714 Hawthorne St; 402 Westheimer Rd; 1315 Marshall St; 3908 Yoakum Blvd
Dallas|TX|75214|6122 Llano Ave; 5810 Velasco Ave; 6331 Lakewood Blvd; 5520 Richmond Ave
New Orleans|LA|70115|5411 Annunciation St; 918 Napoleon Ave; 4637 Camp St; 1227 Valence St
Tampa|FL|33606|3210 W Morrison Ave; 812 S Rome Ave; 2907 W Azeele St; 614 S Albany Ave
Miami|FL|33133|3641 Main Hwy; 2960 Bird Ave; 3327 Charles Ave; 2617 Lincoln Ave
Seattle|WA|98103|4118 Wallingford Ave N; 1612 N 45th St; 3834 Woodland Park Ave N; 4420 Meridian Ave N
Portland|OR|97214|1827 SE Ash St; 2115 SE Salmon St; 1302 SE 25th Ave; 2640 SE Yamhill St
Sacramento|CA|95816|2717 H St; 1921 28th St; 2426 E St; 3015 K St
San Francisco|CA|94114|4217 19th St; 338 Douglass St; 2154 15th St; 129 Noe St
Oakland|CA|94610|3512 Boulevard Way; 704 Mandana Blvd; 1215 Trestle Glen Rd; 541 Alma Ave
Los Angeles|CA|90026|1912 Echo Park Ave; 2215 Lemoyne St; 1644 Morton Ave; 1330 Laveta Ter
San Diego|CA|92104|3128 Kalmia St; 2745 Grape St; 3422 Juniper St; 2917 Upas St
Honolulu|HI|96816|3416 Paalea St; 1119 10th Ave; 3520 Waialae Ave; 4114 Black Point Rd
Anchorage|AK|99503|1321 W 26th Ave; 812 E 20th Ave; 2510 Arctic Blvd; 1604 Sunrise Dr
`;

/** Buildings of several homes, offices and mailbox shops. */
const BUILDINGS: SandboxAddressRow[] = [
  {
    line: '200 E 89th St',
    city: 'New York',
    state: 'NY',
    zip: '10128',
    kind: 'highRise',
    units: { designator: 'Apt', numbers: ['1A', '4C', '12B', '21D', '30F'] },
  },
  {
    line: '415 E 54th St',
    city: 'New York',
    state: 'NY',
    zip: '10022',
    kind: 'highRise',
    units: { designator: 'Apt', numbers: ['2A', '9E', '16H'] },
  },
  {
    line: '1000 N Lake Shore Dr',
    city: 'Chicago',
    state: 'IL',
    zip: '60611',
    kind: 'highRise',
    units: { designator: 'Apt', numbers: ['802', '1504', '2201'] },
  },
  {
    line: '88 King St',
    city: 'San Francisco',
    state: 'CA',
    zip: '94107',
    kind: 'highRise',
    units: { designator: 'Unit', numbers: ['310', '1114', '1502'] },
  },
  {
    line: '1200 Brickell Bay Dr',
    city: 'Miami',
    state: 'FL',
    zip: '33131',
    kind: 'highRise',
    units: { designator: 'Apt', numbers: ['1907', '2804', '3110'] },
  },
  {
    line: '2020 Lincoln Park W',
    city: 'Chicago',
    state: 'IL',
    zip: '60614',
    kind: 'highRise',
    units: { designator: 'Apt', numbers: ['5A', '12J', '24C'] },
  },
  { line: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118', kind: 'commercial' },
  { line: '1600 Pennsylvania Ave NW', city: 'Washington', state: 'DC', zip: '20500', kind: 'commercial' },
  { line: '233 S Wacker Dr', city: 'Chicago', state: 'IL', zip: '60606', kind: 'commercial' },
  { line: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105', kind: 'commercial' },
  { line: '600 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', kind: 'commercial' },
  { line: '1 Financial Plz', city: 'Hartford', state: 'CT', zip: '06103', kind: 'commercial' },
  { line: '100 N Tryon St', city: 'Charlotte', state: 'NC', zip: '28202', kind: 'commercial' },
  { line: '401 Biscayne Blvd', city: 'Miami', state: 'FL', zip: '33132', kind: 'commercial' },
  { line: '1301 2nd Ave', city: 'Seattle', state: 'WA', zip: '98101', kind: 'commercial' },
  {
    line: '2261 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip: '94114',
    kind: 'cmra',
    units: { designator: 'PMB', numbers: ['4012', '4176'] },
  },
  { line: '8 The Grn', city: 'Dover', state: 'DE', zip: '19901', kind: 'cmra', units: { designator: 'Ste', numbers: ['A', 'B'] } },
  {
    line: '1712 Pioneer Ave',
    city: 'Cheyenne',
    state: 'WY',
    zip: '82001',
    kind: 'cmra',
    units: { designator: 'Ste', numbers: ['500', '1100'] },
  },
  // Same number on streets that differ only by direction: typed without it, the service offers both.
  { line: '1 N Rosedale St', city: 'Baltimore', state: 'MD', zip: '21229', kind: 'home' },
  { line: '1 S Rosedale St', city: 'Baltimore', state: 'MD', zip: '21229', kind: 'home' },
  { line: '500 E Main St', city: 'Louisville', state: 'KY', zip: '40202', kind: 'commercial' },
  { line: '500 W Main St', city: 'Louisville', state: 'KY', zip: '40202', kind: 'commercial' },
  { line: '120 N Oak St', city: 'Arlington', state: 'VA', zip: '22203', kind: 'home' },
  { line: '120 S Oak St', city: 'Arlington', state: 'VA', zip: '22204', kind: 'home' },
  { line: '120 Oak St', city: 'Arlington', state: 'VA', zip: '22203', kind: 'home' },
];

/** Post offices whose P.O. boxes 1 to 9999 exist (record type P). */
export const SANDBOX_POST_OFFICES: Array<{ city: string; state: string; zip: string }> = [
  { city: 'Springfield', state: 'IL', zip: '62701' },
  { city: 'New York', state: 'NY', zip: '10008' },
  { city: 'Chicago', state: 'IL', zip: '60690' },
  { city: 'Austin', state: 'TX', zip: '78767' },
  { city: 'San Francisco', state: 'CA', zip: '94142' },
  { city: 'Seattle', state: 'WA', zip: '98111' },
  { city: 'Denver', state: 'CO', zip: '80201' },
  { city: 'Miami', state: 'FL', zip: '33101' },
  { city: 'Boston', state: 'MA', zip: '02101' },
  { city: 'Atlanta', state: 'GA', zip: '30301' },
];
export const SANDBOX_PO_BOX_MAX = 9999;

/**
 * Places the places service knows that are not a full street address (a street, a city, a park): picking
 * one shows the not-proper-address dialog. The places outside the US are never suggested (region us).
 */
export interface SandboxPlaceRow {
  description: string;
  streetNumber: string | null;
  route: string | null;
  city: string | null;
  state: string | null;
  zipcode: string | null;
  country: string;
}

export const SANDBOX_PARTIAL_PLACES: SandboxPlaceRow[] = [
  {
    description: 'Broadway, New York, NY, USA',
    streetNumber: null,
    route: 'Broadway',
    city: 'New York',
    state: 'NY',
    zipcode: null,
    country: 'US',
  },
  {
    description: 'Main St, Springfield, IL, USA',
    streetNumber: null,
    route: 'Main St',
    city: 'Springfield',
    state: 'IL',
    zipcode: null,
    country: 'US',
  },
  {
    description: 'Market St, San Francisco, CA, USA',
    streetNumber: null,
    route: 'Market St',
    city: 'San Francisco',
    state: 'CA',
    zipcode: null,
    country: 'US',
  },
  { description: 'Austin, TX, USA', streetNumber: null, route: null, city: 'Austin', state: 'TX', zipcode: null, country: 'US' },
  {
    description: 'Yellowstone National Park, WY, USA',
    streetNumber: null,
    route: null,
    city: null,
    state: 'WY',
    zipcode: null,
    country: 'US',
  },
  {
    description: 'Central Park, New York, NY 10024, USA',
    streetNumber: null,
    route: null,
    city: 'New York',
    state: 'NY',
    zipcode: '10024',
    country: 'US',
  },
  {
    description: '100 Queen St W, Toronto, ON M5H 2N2, Canada',
    streetNumber: '100',
    route: 'Queen St W',
    city: 'Toronto',
    state: 'ON',
    zipcode: 'M5H 2N2',
    country: 'CA',
  },
  {
    description: '1 Main St, Vancouver, BC V6A 0B4, Canada',
    streetNumber: '1',
    route: 'Main St',
    city: 'Vancouver',
    state: 'BC',
    zipcode: 'V6A 0B4',
    country: 'CA',
  },
  {
    description: 'Av. Paseo de la Reforma 505, Mexico City, CDMX, Mexico',
    streetNumber: '505',
    route: 'Av. Paseo de la Reforma',
    city: 'Mexico City',
    state: 'CDMX',
    zipcode: '06500',
    country: 'MX',
  },
];

export function sandboxAddressRows(): SandboxAddressRow[] {
  const homes = HOMES.trim()
    .split('\n')
    .flatMap((row) => {
      const [city, state, zip, lines] = row.split('|');
      return lines.split(';').map((line): SandboxAddressRow => ({ line: line.trim(), city, state, zip, kind: 'home' }));
    });
  return [...homes, ...BUILDINGS];
}
