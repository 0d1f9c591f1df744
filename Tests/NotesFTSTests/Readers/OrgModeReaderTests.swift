import Testing
@testable import NotesFTS

@Suite struct OrgModeReaderTests {
    @Test func sampleHasTitleFileTagsHeadingTagsAndDate() throws {
        let note = try Samples.note("org/garden.org")
        #expect(note.title == "Garden journal")
        #expect(note.tags == ["home", "garden", "seeds", "orchard"])
        #expect(Samples.stamp(note.created) == "2024-03-10T00:00:00Z")
        #expect(note.body.contains("San Marzano"))
    }

    @Test(arguments: [
        ("* TODO [#A] Call the plumber   :home:urgent:", "Call the plumber", ["home", "urgent"]),
        ("** Notes on :colons: in text", "Notes on :colons: in text", []),
        ("* Plain heading", "Plain heading", []),
        ("* COMMENT Hidden heading", "Hidden heading", []),
        ("** TODO [#B] COMMENT Draft :x:", "Draft", ["x"]),
        ("* COMMENTS on the plan", "COMMENTS on the plan", []),
        ("* Project plan\t\t\t:work:urgent:", "Project plan", ["work", "urgent"]),
        ("** Mixed \t :a:b:", "Mixed", ["a", "b"]),
        ("* Tab inside\t:no:tags:here: x", "Tab inside\t:no:tags:here: x", []),
    ])
    func headingsLoseKeywordPriorityAndTags(line: String, title: String, tags: [String]) {
        let (text, found) = OrgModeReader.heading(Substring(line))
        #expect(text == title)
        #expect(found == tags)
    }

    @Test func withoutTitleTheFirstHeadingNamesTheNote() {
        let note = OrgModeReader.note(text: "Some preamble\n* Weekly review :work:\nbody", path: "/x/w.org")
        #expect(note.title == "Weekly review")
        #expect(note.tags == ["work"])
    }

    @Test(arguments: [
        ("*Important*: call the plumber :urgent:\n\n* Garden plan\nbody", "Garden plan", [String]()),
        ("**bold** start :x:\n** Second level :y:", "Second level", ["y"]),
        ("*\tnot a heading\n* Heading", "Heading", []),
    ])
    func onlyStarsThenASpaceMakeAHeading(text: String, title: String, tags: [String]) {
        let note = OrgModeReader.note(text: text, path: "/x/t.org")
        #expect(note.title == title)
        #expect(note.tags == tags)
    }

    @Test(arguments: [
        ":date: 2020-01-01\n:created: 2020-01-02\n:modified: 2020-01-03\n* Heading",
        "* Heading\n:LOGBOOK:\n:CREATED: 2020-01-02\n:END:",
        "* Heading\n:PROPERTIES:\n:DATE: 2020-01-01\n:END:\n:CREATED: 2020-01-02",
    ])
    func propertiesOutsideADrawerGiveNoDates(text: String) {
        let note = OrgModeReader.note(text: text, path: "/x/t.org")
        #expect(note.created == nil)
        #expect(note.modified == nil)
    }

    @Test func drawerPropertiesAndKeywordsGiveDates() {
        let note = OrgModeReader.note(text: "* H\n  :properties:\n  :CREATED: [2024-02-20 Tue 09:12]\n  :MODIFIED: 2024-03-01\n  :end:\n",
                                      path: "/x/t.org")
        #expect(Samples.stamp(note.created) == "2024-02-20T09:12:00Z")
        #expect(Samples.stamp(note.modified) == "2024-03-01T00:00:00Z")
        let keyword = OrgModeReader.note(text: "#+DATE: 2024-01-05\n#+LASTMOD: 2024-01-06\ntext", path: "/x/t.org")
        #expect(Samples.stamp(keyword.created) == "2024-01-05T00:00:00Z")
        #expect(Samples.stamp(keyword.modified) == "2024-01-06T00:00:00Z")
    }

    @Test(arguments: [
        "#+BEGIN_SRC org\n#+TITLE: Example inside a block\n#+DATE: 1999-01-01\n#+FILETAGS: :nope:\n#+END_SRC\n* Real heading :real:",
        "#+begin_example\n* Example heading :nope:\n:PROPERTIES:\n:CREATED: [1999-01-01]\n:END:\n#+end_example\n* Real heading :real:",
        "  #+begin_quote\n  #+title: Quoted\n  #+end_quote\n#+BEGIN: clocktable :scope file\n#+DATE: 1999-01-01\n#+END:\n* Real heading :real:",
        "#+BEGIN_SRC org\n#+begin_example\n#+TITLE: Nested\n#+end_example\n#+END_SRC\n* Real heading :real:",
    ])
    func nothingInsideABlockIsATitleTagDateOrHeading(text: String) {
        let note = OrgModeReader.note(text: text, path: "/x/t.org")
        #expect(note.title == "Real heading")
        #expect(note.tags == ["real"])
        #expect(note.created == nil)
    }

    @Test func anUnclosedBlockIsAPlainLine() {
        let note = OrgModeReader.note(text: "#+BEGIN_SRC sh\n#+TITLE: Still read\n#+END_EXAMPLE\n* Heading :h:", path: "/x/t.org")
        #expect(note.title == "Still read")
        #expect(note.tags == ["h"])
    }

    @Test func aDrawerNotClosedBeforeTheNextHeadingIsNoDrawer() {
        let text = "* First\n:PROPERTIES:\n:ID: 1\n* Second heading :second:\n#+TITLE: Late title\n:CREATED: [2020-01-01]\n"
        let note = OrgModeReader.note(text: text, path: "/x/t.org")
        #expect(note.title == "Late title")
        #expect(note.tags == ["second"])
        #expect(note.created == nil)
        let closedLater = OrgModeReader.note(text: "* A\n:PROPERTIES:\n:CREATED: 2020-01-01\n* B\n:END:", path: "/x/t.org")
        #expect(closedLater.created == nil)
        let closed = OrgModeReader.note(text: "* A\n:PROPERTIES:\n:CREATED: 2020-01-01\n:END:\n* B", path: "/x/t.org")
        #expect(Samples.stamp(closed.created) == "2020-01-01T00:00:00Z")
    }
}
