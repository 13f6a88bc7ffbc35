/**
 * UNSPSC codes of the demo taxonomy (issue 34): punchout transfers send a product's code as its
 * classification (cXML `Classification@domain=UNSPSC`, OCI `MATGROUP`). Keyed by category segment; a
 * category without a code takes its nearest ancestor's, so every top category has one. Class codes
 * (8 digits ending in 00) where the segment is one kind of goods, a family or segment code above them.
 */
export const DEMO_UNSPSC: Readonly<Record<string, string>> = {
  // Tools and general machinery: power tools, hand tools (forming tools, wrenches and drivers)
  'Power-Tools': '27112700',
  'Hand-Tools': '27110000',
  'Hammers-And-Chisels': '27111600',
  'Wrenches-And-Sockets': '27111700',
  'Screwdrivers-And-Pliers': '27111700',
  // Hardware: screws, bolts, nuts, washers, nails, anchors
  Fasteners: '31160000',
  Screws: '31161500',
  'Bolts-Nuts-And-Washers': '31161600',
  'Hex-Nuts': '31161700',
  Washers: '31161800',
  'Anchors-And-Nails': '31162100',
  'Wire-Nails': '31162000',
  // Personal safety and protection
  'Safety-And-Workwear': '46180000',
  'Head-And-Eye-Protection': '46181700',
  'Safety-Glasses': '46181800',
  'Hearing-Protection': '46181900',
  'Hand-And-Foot-Protection': '46181500',
  'Safety-Boots': '46181600',
  Workwear: '46181500',
  // Structures, building and construction components and supplies
  'Building-Supplies': '30000000',
  'Masonry-And-Concrete': '30111500',
  Bricks: '30131600',
  'Aerated-Concrete-Blocks': '30131500',
  'Timber-And-Panels': '30103600',
  'Drywall-Panels': '30161500',
  'Pipes-And-Insulation': '40170000',
  'Pipe-Insulation': '30141500',
  // Electrical systems, lighting, cable
  Electrical: '39000000',
  'Cables-And-Accessories': '26121600',
  'Electrical-Tape': '31201500',
  'Switches-And-Outlets': '39122200',
  'Wall-Outlets': '39121400',
  Lighting: '39110000',
  'LED-Bulbs': '39101600',
}
