import Testing
@testable import NotesFTS

@Suite struct StandardNotesReaderTests {
    @Test func backupSavedAsTxtGivesLiveNotesWithTagsFromTagItems() throws {
        let notes = try Samples.notes("standard-notes/Standard Notes Backup and Import File.txt")
        #expect(notes.map(\.title) == ["Book recommendations"])
        #expect(notes[0].tags == ["reading"])
        #expect(notes[0].body.contains("The Left Hand of Darkness"))
        #expect(Samples.stamp(notes[0].created) == "2024-06-01T08:00:00Z")
        #expect(Samples.stamp(notes[0].modified) == "2024-06-03T20:11:00Z")
        #expect(notes[0].line == 4)
    }

    @Test func encryptedAndDeletedItemsAreLeftOut() throws {
        let text = """
            {"items": [{"uuid": "1", "content_type": "Note", "content": "004:abcd:encrypted"},
                       {"uuid": "2", "content_type": "Note", "deleted": true, "content": {"title": "x", "text": "y"}},
                       {"uuid": "3", "content_type": "Note", "content": {"title": "kept", "text": "z"}}]}
            """
        let notes = try JSONNoteReader.notes(text: text, path: "/x/b.json", jsonLines: false, modified: nil)
        #expect(notes.map(\.title) == ["kept"])
    }

    /// A `.txt` note that starts with `{` and mentions `"content_type"` is one text note, never a backup (it
    /// was refused as malformed JSON, or as having no note fields).
    @Test(arguments: [
        "{\"content_type\": \"application/json\", \"status\": 200}\nupload API notes: pangolin, retry header\n",
        #"{"content_type":"image/png","size":1234}"#,
        #"{"items": [{"content_type": "Note", "content": {"title": "t", "text": "x"}}]} and a line after it"#,
        #"{"items": [1, 2], "content_type": "list"}"#,
        #"{"items": "none", "content_type": "x"}"#,
        #"{"version": "004", "content_type": "x", "items": [{"uuid": "1"}]}"#,
    ])
    func aTextNoteThatOnlyLooksLikeJSONIsReadAsText(text: String) throws {
        #expect(!StandardNotesReader.isBackup(Array(text.utf8)))
        let notes = try NoteFileReader.notes(bytes: Array(text.utf8), path: "/x/api.txt", modified: nil)
        #expect(notes.count == 1)
        #expect(notes.first?.body == text)
    }

    /// Also after a UTF-8 byte-order mark (a backup re-saved by a Windows editor was one text note of JSON).
    @Test(arguments: ["", "\u{FEFF}", "\u{FEFF} \r\n"])
    func aBackupSavedAsTxtIsStillRecognised(start: String) throws {
        let text = start + #"{"version": "004", "items": [{"uuid": "3", "content_type": "Note", "content": {"title": "kept", "text": "z"}}]}"#
        #expect(StandardNotesReader.isBackup(Array(text.utf8)))
        #expect(try NoteFileReader.notes(bytes: Array(text.utf8), path: "/x/backup.txt", modified: nil).map(\.title) == ["kept"])
    }

    /// A backup made with encryption has no readable note: an error that says so, not a file of 0 notes.
    @Test(arguments: [
        #"{"version":"004","items":[{"uuid":"a","content_type":"Note","content":"004:nonce:ciphertext:authdata","enc_item_key":"004:k"}]}"#,
        #"{"items":[{"uuid":"k","content_type":"SN|ItemsKey","content":"004:x"},{"uuid":"a","content_type":"Note","content":"004:y"},{"uuid":"t","content_type":"Tag","content":"004:z"}]}"#,
    ])
    func anEncryptedBackupIsAnErrorThatSaysWhatToDo(text: String) {
        for path in ["/x/Standard Notes Backup and Import File.txt", "/x/backup.json"] {
            #expect(throws: NoteReadError("encrypted Standard Notes backup; export a decrypted backup to index it")) {
                try NoteFileReader.notes(bytes: Array(text.utf8), path: path, modified: nil)
            }
        }
    }

    /// A backup with some notes encrypted and some plain: the plain ones are read, and the encrypted ones are
    /// named in one warning with their count and what to do (they were dropped without a word).
    @Test(arguments: [
        (#"{"items":[{"uuid":"a","content_type":"Note","content":"004:x"},{"uuid":"b","content_type":"Note","content":{"title":"Plain","text":"p"}},{"uuid":"c","content_type":"Note","content":"004:y"}]}"#,
         "2 encrypted notes skipped (a partly encrypted Standard Notes backup); export a decrypted backup to index them", 2),
        (#"{"items":[{"uuid":"b","content_type":"Note","content":{"title":"Plain","text":"p"}},{"uuid":"a","content_type":"Note","content":"004:x"},{"uuid":"d","content_type":"Note","deleted":true,"content":"004:z"}]}"#,
         "1 encrypted note skipped (a partly encrypted Standard Notes backup); export a decrypted backup to index it", 1),
    ])
    func aPartlyEncryptedBackupKeepsItsPlainNotesAndNamesTheEncryptedOnes(text: String, reason: String, count: Int) throws {
        for path in ["/x/Standard Notes Backup and Import File.txt", "/x/backup.json"] {
            var notes: [Note] = []
            var warnings: [NoteReadWarning] = []
            try NoteFileReader.read(bytes: Array(text.utf8), path: path, dates: .none, emit: { notes.append($0) },
                                    warn: { warnings.append($0) })
            #expect(notes.map(\.title) == ["Plain"])
            #expect(warnings == [NoteReadWarning(reason, part: .notes(count))])
        }
    }
}
