extension UsernameSkeleton {
    /// The vertical-stroke prototype (LATIN LETTER DENTAL CLICK): what I, l, 1 and | become.
    static let stroke = "\u{01C0}"

    /// Character → prototype, after NFKC and NFD (so full-width and mathematical letters,
    /// and accents, are already taken apart) and before case folding. A subset of TR39's
    /// `confusables.txt`, chosen for names: the letters of Cyrillic, Greek, Armenian and
    /// Cherokee that look like Latin ones, capitals by how capitals look and small letters
    /// by how small letters look, and Latin's own confusions. Prototypes are final (never
    /// mapped again): `d` is `c` and the stroke, as `cl` is, and so is Cyrillic ԁ.
    static let prototypes: [Unicode.Scalar: String] = [
        // Latin and common: 0/O, 1/l/I/|, rn/m, vv/w, cl/d, dotless and small-capital forms.
        "\u{0030}": "o",        // 0 DIGIT ZERO
        "\u{0031}": stroke,     // 1 DIGIT ONE
        "\u{0049}": stroke,     // I LATIN CAPITAL LETTER I
        "\u{006C}": stroke,     // l LATIN SMALL LETTER L
        "\u{007C}": stroke,     // | VERTICAL LINE
        "\u{2223}": stroke,     // ∣ DIVIDES
        "\u{006D}": "rn",       // m LATIN SMALL LETTER M
        "\u{0077}": "vv",       // w LATIN SMALL LETTER W
        "\u{0057}": "VV",       // W LATIN CAPITAL LETTER W
        "\u{0064}": "c" + stroke, // d LATIN SMALL LETTER D (cl)
        "\u{0131}": "i",        // ı LATIN SMALL LETTER DOTLESS I
        "\u{0237}": "j",        // ȷ LATIN SMALL LETTER DOTLESS J
        "\u{0251}": "a",        // ɑ LATIN SMALL LETTER ALPHA
        "\u{0261}": "g",        // ɡ LATIN SMALL LETTER SCRIPT G
        "\u{0269}": "i",        // ɩ LATIN SMALL LETTER IOTA
        "\u{026A}": "i",        // ɪ LATIN LETTER SMALL CAPITAL I
        "\u{028F}": "y",        // ʏ LATIN LETTER SMALL CAPITAL Y
        "\u{0196}": stroke,     // Ɩ LATIN CAPITAL LETTER IOTA
        "\u{01C3}": "!",        // ǃ LATIN LETTER RETROFLEX CLICK
        "\u{1D04}": "c",        // ᴄ LATIN LETTER SMALL CAPITAL C
        "\u{1D0F}": "o",        // ᴏ LATIN LETTER SMALL CAPITAL O
        "\u{1D1C}": "u",        // ᴜ LATIN LETTER SMALL CAPITAL U
        "\u{1D20}": "v",        // ᴠ LATIN LETTER SMALL CAPITAL V
        "\u{1D21}": "vv",       // ᴡ LATIN LETTER SMALL CAPITAL W
        "\u{1D22}": "z",        // ᴢ LATIN LETTER SMALL CAPITAL Z
        "\u{A731}": "s",        // ꜱ LATIN LETTER SMALL CAPITAL S
        "\u{00D7}": "x",        // × MULTIPLICATION SIGN
        "\u{2018}": "'",        // ‘ LEFT SINGLE QUOTATION MARK
        "\u{2019}": "'",        // ’ RIGHT SINGLE QUOTATION MARK
        "\u{02BC}": "'",        // ʼ MODIFIER LETTER APOSTROPHE
        "\u{02B9}": "'",        // ʹ MODIFIER LETTER PRIME
        "\u{2032}": "'",        // ′ PRIME
        "\u{0060}": "'",        // ` GRAVE ACCENT
        "\u{2010}": "-",        // ‐ HYPHEN
        "\u{2012}": "-",        // ‒ FIGURE DASH
        "\u{2013}": "-",        // – EN DASH
        "\u{2014}": "-",        // — EM DASH
        "\u{2015}": "-",        // ― HORIZONTAL BAR
        "\u{2212}": "-",        // − MINUS SIGN
        "\u{02D7}": "-",        // ˗ MODIFIER LETTER MINUS SIGN
        "\u{2043}": "-",        // ⁃ HYPHEN BULLET

        // Cyrillic capitals.
        "\u{0405}": "S",        // Ѕ DZE
        "\u{0406}": stroke,     // І BYELORUSSIAN-UKRAINIAN I
        "\u{0408}": "J",        // Ј JE
        "\u{0410}": "A",        // А A
        "\u{0412}": "B",        // В VE
        "\u{0415}": "E",        // Е IE
        "\u{0417}": "3",        // З ZE
        "\u{041A}": "K",        // К KA
        "\u{041C}": "M",        // М EM
        "\u{041D}": "H",        // Н EN
        "\u{041E}": "O",        // О O
        "\u{0420}": "P",        // Р ER
        "\u{0421}": "C",        // С ES
        "\u{0422}": "T",        // Т TE
        "\u{0423}": "Y",        // У U
        "\u{0425}": "X",        // Х HA
        "\u{042C}": "b",        // Ь SOFT SIGN
        "\u{0474}": "V",        // Ѵ IZHITSA
        "\u{04AE}": "Y",        // Ү STRAIGHT U
        "\u{04BA}": "H",        // Һ SHHA
        "\u{04C0}": stroke,     // Ӏ PALOCHKA
        "\u{051A}": "Q",        // Ԛ QA
        "\u{051C}": "VV",       // Ԝ WE
        // Cyrillic small letters.
        "\u{0430}": "a",        // а A
        "\u{0433}": "r",        // г GHE
        "\u{0435}": "e",        // е IE
        "\u{0437}": "3",        // з ZE
        "\u{043E}": "o",        // о O
        "\u{043F}": "n",        // п PE
        "\u{0440}": "p",        // р ER
        "\u{0441}": "c",        // с ES
        "\u{0443}": "y",        // у U
        "\u{0445}": "x",        // х HA
        "\u{044B}": "b" + stroke, // ы YERU
        "\u{044C}": "b",        // ь SOFT SIGN
        "\u{0455}": "s",        // ѕ DZE
        "\u{0456}": "i",        // і BYELORUSSIAN-UKRAINIAN I
        "\u{0458}": "j",        // ј JE
        "\u{0461}": "vv",       // ѡ OMEGA
        "\u{0475}": "v",        // ѵ IZHITSA
        "\u{04AF}": "y",        // ү STRAIGHT U
        "\u{04BB}": "h",        // һ SHHA
        "\u{04CF}": stroke,     // ӏ PALOCHKA
        "\u{0501}": "c" + stroke, // ԁ KOMI DE (d)
        "\u{051B}": "q",        // ԛ QA
        "\u{051D}": "vv",       // ԝ WE

        // Greek capitals.
        "\u{0391}": "A",        // Α ALPHA
        "\u{0392}": "B",        // Β BETA
        "\u{0395}": "E",        // Ε EPSILON
        "\u{0396}": "Z",        // Ζ ZETA
        "\u{0397}": "H",        // Η ETA
        "\u{0399}": stroke,     // Ι IOTA
        "\u{039A}": "K",        // Κ KAPPA
        "\u{039C}": "M",        // Μ MU
        "\u{039D}": "N",        // Ν NU
        "\u{039F}": "O",        // Ο OMICRON
        "\u{03A1}": "P",        // Ρ RHO
        "\u{03A4}": "T",        // Τ TAU
        "\u{03A5}": "Y",        // Υ UPSILON
        "\u{03A7}": "X",        // Χ CHI
        "\u{03DC}": "F",        // Ϝ DIGAMMA
        "\u{03F9}": "C",        // Ϲ CAPITAL LUNATE SIGMA
        "\u{037F}": "J",        // Ϳ YOT
        // Greek small letters.
        "\u{03B1}": "a",        // α ALPHA
        "\u{03B3}": "y",        // γ GAMMA
        "\u{03B7}": "n",        // η ETA
        "\u{03B9}": "i",        // ι IOTA
        "\u{03BA}": "k",        // κ KAPPA
        "\u{03BD}": "v",        // ν NU
        "\u{03BF}": "o",        // ο OMICRON
        "\u{03C1}": "p",        // ρ RHO
        "\u{03C3}": "o",        // σ SIGMA
        "\u{03C4}": "t",        // τ TAU
        "\u{03C5}": "u",        // υ UPSILON
        "\u{03C7}": "x",        // χ CHI
        "\u{03C9}": "vv",       // ω OMEGA
        "\u{03F2}": "c",        // ϲ LUNATE SIGMA
        "\u{03F3}": "j",        // ϳ YOT

        // Armenian.
        "\u{054D}": "U",        // Ս SEH
        "\u{054F}": "S",        // Տ TIWN
        "\u{0555}": "O",        // Օ OH
        "\u{0563}": "q",        // գ GIM
        "\u{0566}": "q",        // զ ZA
        "\u{0570}": "h",        // հ HO
        "\u{0578}": "n",        // ո VO
        "\u{057D}": "u",        // ս SEH
        "\u{0581}": "g",        // ց CO
        "\u{0585}": "o",        // օ OH

        // Cherokee capitals (its small letters look like small capitals, not like Latin's).
        "\u{13A0}": "D",        // Ꭰ A
        "\u{13A2}": "T",        // Ꭲ I
        "\u{13AA}": "A",        // Ꭺ GO
        "\u{13AB}": "J",        // Ꭻ GU
        "\u{13AC}": "E",        // Ꭼ GV
        "\u{13B3}": "VV",       // Ꮃ LA
        "\u{13B7}": "M",        // Ꮇ LU
        "\u{13BB}": "H",        // Ꮋ MI
        "\u{13C3}": "Z",        // Ꮓ NO
        "\u{13D9}": "V",        // Ꮩ DO
        "\u{13DA}": "S",        // Ꮪ DU
        "\u{13DF}": "C",        // Ꮯ TLI
        "\u{13E2}": "P",        // Ꮲ TLV
        "\u{13E6}": "K",        // Ꮶ TSO
        "\u{13F4}": "B",        // Ᏼ YV
    ]
}
