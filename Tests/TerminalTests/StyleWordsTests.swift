import Testing
@testable import Terminal

/// Styles written as words (`bold+red`), as the config file and key scripts
/// write them: every style reads back as itself, and wrong words are refused.
struct StyleWordsTests {
  @Test func everyStyleReadsBackAsItself() {
    let colors: [Style.Color?] = [nil] + Style.Color.allCases
    for bits in 0..<32 {
      for color in colors {
        let style = Style(
          bold: bits & 1 != 0, dim: bits & 2 != 0, italic: bits & 4 != 0, reverse: bits & 8 != 0, underline: bits & 16 != 0,
          foreground: color
        )
        #expect(Style(words: style.words) == style, "\(style.words)")
      }
    }
    #expect(Style(words: "plain") == .plain && Style.plain.words == "plain")
    #expect(Style(words: "red+bold") == Style(bold: true, foreground: .red), "any order")
    #expect(Style(words: "default") == .plain)
  }

  @Test(arguments: ["", "bold+", "+red", "blod", "red+green", "bold+bold", "Bold", "plain+bold", "bold red"])
  func wrongWordsAreRefused(_ words: String) {
    #expect(Style(words: words) == nil)
  }

  @Test func aLayerAddsAttributesAndTakesItsColour() {
    var cell = Style(dim: true, foreground: .cyan)
    cell.layer(Style(reverse: true))
    #expect(cell == Style(dim: true, reverse: true, foreground: .cyan), "no colour named: the cell's stays")
    cell.layer(Style(bold: true, foreground: .red))
    #expect(cell == Style(bold: true, dim: true, reverse: true, foreground: .red))
  }

  @Test func aLayerAddsEachAttributeAndTakesEachColourItNames() {
    let colors: [Style.Color?] = [nil, .red, .white]
    func style(_ flags: Int, _ foreground: Style.Color?, _ background: Style.Color?) -> Style {
      Style(
        bold: flags & 1 != 0, dim: flags & 2 != 0, italic: flags & 4 != 0, reverse: flags & 8 != 0, underline: flags & 16 != 0,
        foreground: foreground, background: background
      )
    }
    for (under, over) in [(0, 0), (5, 10), (31, 0), (0, 31), (18, 3)] {
      for foreground in colors {
        for background in colors {
          for overForeground in colors {
            for overBackground in colors {
              let top = style(over, overForeground, overBackground)
              var layered = style(under, foreground, background)
              layered.layer(top)
              #expect(layered == style(under | over, overForeground ?? foreground, overBackground ?? background))
            }
          }
        }
      }
    }
  }
}
